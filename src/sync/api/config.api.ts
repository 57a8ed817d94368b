import axios from 'axios';
import { defaultRuntimeConfig, type RuntimeConfig } from './types';

/** Reads /config.json; falls back to the default mounts when the server cannot be reached. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await axios.get<Partial<RuntimeConfig>>('/config.json', { timeout: 5000 });
    return {
      ...defaultRuntimeConfig,
      ...res.data,
      apis: { ...defaultRuntimeConfig.apis, ...res.data.apis },
    };
  } catch {
    return defaultRuntimeConfig;
  }
}
