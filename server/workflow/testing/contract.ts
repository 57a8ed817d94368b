import { sharedContract } from '../../testing/sharedContracts';
import { loadOpenApiContract, type Contract, type Json } from '../../testing/openApiContract';

/**
 * The workflow server's answers checked against Airflow 2.10's REST API v1 contract
 * (../shared/contracts/airflow-v1.yaml), with the corrections below where the spec differs
 * from what Airflow 2.10 really answers.
 */
export function loadAirflowContract(specFile: string | null = sharedContract('airflow-v1.yaml')): Promise<Contract> {
  return loadOpenApiContract(specFile, applyCorrections);
}

/**
 * - The spec writes `format: datetime` in places (TaskInstanceReference, XCom) and ajv-formats
 *   knows only `date-time`: unknown formats are refused at compile time, so they are spelled as
 *   the rest of the spec spells them.
 * - `nullable: true` beside a `$ref` or `allOf` (no `type`) is how OpenAPI 3.0 tools read "or
 *   null", but Ajv refuses it: written as anyOf [the schema, null].
 */
function applyCorrections(spec: Json): void {
  const schemas = (spec.components as Json).schemas as Json;
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Json;
    if (record.format === 'datetime') record.format = 'date-time';
    if (record.nullable === true && record.type === undefined) {
      const inner = { ...record };
      delete inner.nullable;
      for (const key of Object.keys(record)) delete record[key];
      record.anyOf = [inner, { type: 'null' }];
    }
    Object.values(record).forEach(visit);
  };
  visit(schemas);
}
