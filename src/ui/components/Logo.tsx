export const PRODUCT_NAME = 'Data Platform Console';

export function Logo({ size = 28 }: { size?: number }) {
  return <img className="logo" src="/logo.svg" width={size} height={size} alt="" />;
}
