import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultKernelMemoryMb, loadConfig } from './config';
import { REPO_ROOT } from './paths';

describe('loadConfig', () => {
  it('has safe defaults', () => {
    const config = loadConfig({}, '/srv/console');
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/console/data',
      staticDir: path.join(REPO_ROOT, 'dist'),
      adminPassword: undefined,
      editorPassword: undefined,
      sessionTtlSeconds: 8 * 60 * 60,
      secureCookies: false,
      logLevel: 'warn',
      warehouseSeedCache: null,
      resultMaxMb: 64,
      uploadMaxMb: 50,
      sandboxQuotaMb: 256,
      publicUrl: null,
      sourceMaps: false,
      trustProxy: [],
      kernels: 'pyodide',
      jupyterUrl: null,
      jupyterToken: null,
      python: null,
      kernelIdleMinutes: 60,
      kernelSpares: 1,
      kernelSandbox: 'on',
      kernelMemoryMb: defaultKernelMemoryMb(),
      workflowTaskMs: 3000,
      airflow: null,
      workflowDemoDags: 25,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        CONSOLE_DATA_DIR: 'var/data',
        CONSOLE_STATIC_DIR: '/opt/client',
        CONSOLE_ADMIN_PASSWORD: 'a-pass',
        CONSOLE_EDITOR_PASSWORD: 'e-pass',
        CONSOLE_SESSION_TTL_SECONDS: '60',
        CONSOLE_SECURE_COOKIES: 'true',
        LOG_LEVEL: 'INFO',
        CONSOLE_WAREHOUSE_SEED_CACHE: 'cache/warehouse',
        CONSOLE_RESULT_MAX_MB: '8',
        CONSOLE_UPLOAD_MAX_MB: '2',
        CONSOLE_SANDBOX_QUOTA_MB: '32',
        CONSOLE_PUBLIC_URL: 'https://Console.Example.com/',
        CONSOLE_SOURCE_MAPS: 'true',
        CONSOLE_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1',
        CONSOLE_KERNELS: 'Jupyter',
        CONSOLE_JUPYTER_URL: 'http://127.0.0.1:8888/user/ann/',
        CONSOLE_JUPYTER_TOKEN: 'tok',
        CONSOLE_PYTHON: '/usr/bin/python3',
        CONSOLE_KERNEL_IDLE_MINUTES: '5',
        CONSOLE_KERNEL_SPARES: '0',
        CONSOLE_KERNEL_SANDBOX: 'OFF',
        CONSOLE_KERNEL_MEMORY_MB: '700',
        CONSOLE_WORKFLOW_TASK_MS: '50',
        CONSOLE_AIRFLOW_URL: 'http://Airflow:8080/base/',
        CONSOLE_AIRFLOW_API: 'V2',
        CONSOLE_AIRFLOW_USERNAME: 'console',
        CONSOLE_AIRFLOW_PASSWORD: 'pw',
        CONSOLE_AIRFLOW_TIMEOUT_SECONDS: '5',
        CONSOLE_WORKFLOW_DEMO_DAGS: '1000',
      },
      '/srv',
    );
    expect(config).toEqual({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/srv/var/data',
      staticDir: '/opt/client',
      adminPassword: 'a-pass',
      editorPassword: 'e-pass',
      sessionTtlSeconds: 60,
      secureCookies: true,
      logLevel: 'info',
      warehouseSeedCache: '/srv/cache/warehouse',
      resultMaxMb: 8,
      uploadMaxMb: 2,
      sandboxQuotaMb: 32,
      publicUrl: 'https://console.example.com',
      sourceMaps: true,
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1'],
      kernels: 'jupyter',
      jupyterUrl: 'http://127.0.0.1:8888/user/ann',
      jupyterToken: 'tok',
      python: '/usr/bin/python3',
      kernelIdleMinutes: 5,
      kernelSpares: 0,
      kernelSandbox: 'off',
      kernelMemoryMb: 700,
      workflowTaskMs: 50,
      airflow: { url: 'http://airflow:8080/base', api: 'v2', username: 'console', password: 'pw', timeoutMs: 5000 },
      workflowDemoDags: 1000,
    });
  });

  it('sizes the kernel memory cap to the machine: an eighth of it, from 512 MB to 2 GB', () => {
    const gb = 1024 ** 3;
    expect(defaultKernelMemoryMb(2 * gb)).toBe(512);
    expect(defaultKernelMemoryMb(8 * gb)).toBe(1024);
    expect(defaultKernelMemoryMb(64 * gb)).toBe(2048);
  });

  it('treats empty values as unset and rejects nonsense', () => {
    expect(loadConfig({ CONSOLE_ADMIN_PASSWORD: '', PORT: ' ' }).adminPassword).toBeUndefined();
    expect(loadConfig({ CONSOLE_SECURE_COOKIES: 'false' }).secureCookies).toBe(false);
    expect(loadConfig({ CONSOLE_WAREHOUSE_SEED_CACHE: ' ' }).warehouseSeedCache).toBeNull();
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ CONSOLE_SESSION_TTL_SECONDS: '0' })).toThrow(/CONSOLE_SESSION_TTL_SECONDS/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ CONSOLE_KERNELS: 'conda' })).toThrow(/CONSOLE_KERNELS must be pyodide or jupyter/);
    expect(() => loadConfig({ CONSOLE_JUPYTER_URL: 'localhost:8888' })).toThrow(/CONSOLE_JUPYTER_URL must be/);
    expect(() => loadConfig({ CONSOLE_JUPYTER_URL: 'http://h:8888/?token=abc' })).toThrow(/token goes in CONSOLE_JUPYTER_TOKEN/);
    expect(loadConfig({ CONSOLE_AIRFLOW_URL: 'http://airflow:8080' }).airflow).toEqual({ url: 'http://airflow:8080', api: 'v1', username: null, password: null, timeoutMs: 30_000 });
    expect(() => loadConfig({ CONSOLE_AIRFLOW_URL: 'airflow:8080' })).toThrow(/CONSOLE_AIRFLOW_URL must be/);
    expect(() => loadConfig({ CONSOLE_AIRFLOW_URL: 'http://u:p@airflow:8080' })).toThrow(/without query or credentials/);
    expect(() => loadConfig({ CONSOLE_AIRFLOW_URL: 'http://airflow:8080', CONSOLE_AIRFLOW_API: 'v3' })).toThrow(/CONSOLE_AIRFLOW_API must be v1/);
    expect(() => loadConfig({ CONSOLE_AIRFLOW_URL: 'http://airflow:8080', CONSOLE_AIRFLOW_USERNAME: 'a' })).toThrow(/set together/);
    expect(() => loadConfig({ CONSOLE_KERNEL_SPARES: '9' })).toThrow(/CONSOLE_KERNEL_SPARES/);
    expect(() => loadConfig({ CONSOLE_KERNEL_SANDBOX: 'no' })).toThrow(/CONSOLE_KERNEL_SANDBOX must be on or off, got "no"/);
    expect(() => loadConfig({ CONSOLE_KERNEL_MEMORY_MB: '64' })).toThrow(/CONSOLE_KERNEL_MEMORY_MB must be an integer from 128/);
    expect(() => loadConfig({ CONSOLE_WORKFLOW_DEMO_DAGS: '10' })).toThrow(/CONSOLE_WORKFLOW_DEMO_DAGS must be an integer from 25 to 10000/);
    expect(() => loadConfig({ CONSOLE_UPLOAD_MAX_MB: '0' })).toThrow(/CONSOLE_UPLOAD_MAX_MB must be an integer from 1 to 4096/);
    expect(() => loadConfig({ CONSOLE_RESULT_MAX_MB: '0' })).toThrow(/CONSOLE_RESULT_MAX_MB must be an integer from 1 to 4096/);
    expect(() => loadConfig({ CONSOLE_RESULT_MAX_MB: '1.5' })).toThrow(/CONSOLE_RESULT_MAX_MB/);
    expect(() => loadConfig({ CONSOLE_SANDBOX_QUOTA_MB: '-1' })).toThrow(/CONSOLE_SANDBOX_QUOTA_MB/);
    expect(loadConfig({ CONSOLE_SOURCE_MAPS: 'no', CONSOLE_SECURE_COOKIES: '0' })).toMatchObject({ sourceMaps: false, secureCookies: false });
    expect(() => loadConfig({ CONSOLE_SOURCE_MAPS: 'maybe' })).toThrow(/CONSOLE_SOURCE_MAPS must be true or false/);
    expect(() => loadConfig({ CONSOLE_SECURE_COOKIES: 'ture' })).toThrow(/CONSOLE_SECURE_COOKIES/);
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', 'true']) {
      expect(() => loadConfig({ CONSOLE_TRUST_PROXY: bad }), bad).toThrow(/CONSOLE_TRUST_PROXY/);
    }
  });

  it('takes CONSOLE_PUBLIC_URL as an http(s) origin only', () => {
    expect(loadConfig({ CONSOLE_PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ CONSOLE_PUBLIC_URL: 'https://console.example.com:443' }).publicUrl).toBe('https://console.example.com');
    for (const bad of ['console.example.com', 'ftp://console.example.com', 'https://console.example.com/console', 'https://user:pw@console.example.com', 'https://console.example.com/?x=1', 'https://console.example.com/#top']) {
      expect(() => loadConfig({ CONSOLE_PUBLIC_URL: bad }), bad).toThrow(/CONSOLE_PUBLIC_URL/);
    }
  });
});
