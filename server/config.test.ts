import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultKernelMemoryMb, defaultSqlMemoryMb, defaultSqlThreads, loadConfig, redactedUrl } from './config';
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
      sqlMemoryMb: defaultSqlMemoryMb(),
      sqlThreads: defaultSqlThreads(),
      sqlTimeoutSeconds: 30,
      outputMaxMb: 32,
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
      superset: null,
      jupyterHub: null,
      workflowDemoDags: 25,
      database: null,
    });
  });

  it('puts the store on PostgreSQL with CONSOLE_DATABASE_URL, a pool of 10 by default, and never echoes a bad URL', () => {
    const url = 'postgres://console:s3cret@db.internal:5432/console';
    expect(loadConfig({ CONSOLE_DATABASE_URL: url }).database).toEqual({ url, poolSize: 10 });
    expect(loadConfig({ CONSOLE_DATABASE_URL: ` ${url}`, CONSOLE_DATABASE_POOL: '4' }).database).toEqual({ url, poolSize: 4 });
    expect(loadConfig({ CONSOLE_DATABASE_URL: 'postgresql://h/db' }).database?.url).toBe('postgresql://h/db');
    expect(loadConfig({ CONSOLE_DATABASE_URL: ' ' }).database).toBeNull();
    expect(() => loadConfig({ CONSOLE_DATABASE_URL: url, CONSOLE_DATABASE_POOL: '1' })).toThrow(/CONSOLE_DATABASE_POOL must be an integer from 2/);
    for (const bad of ['mysql://u:s3cret@h/db', 'u:s3cret@h/db', 'postgres://']) {
      const message = (() => {
        try {
          loadConfig({ CONSOLE_DATABASE_URL: bad });
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message, bad).toMatch(/^CONSOLE_DATABASE_URL must be a postgres:/);
      expect(message).not.toContain('s3cret');
    }
    expect(redactedUrl(url)).toBe('postgres://console:***@db.internal:5432/console');
  });

  it('sizes SQL’s memory and threads to the machine: a quarter of its memory (256 MB to 4 GB), every core but one', () => {
    expect(defaultSqlMemoryMb()).toBe(Math.min(4096, Math.max(256, Math.floor(os.totalmem() / 2 ** 20 / 4))));
    expect(defaultSqlThreads()).toBe(Math.max(1, os.availableParallelism() - 1));
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
        CONSOLE_SQL_MEMORY_MB: '512',
        CONSOLE_SQL_THREADS: '3',
        CONSOLE_SQL_TIMEOUT_SECONDS: '5',
        CONSOLE_OUTPUT_MAX_MB: '4',
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
        CONSOLE_SUPERSET_URL: 'http://Superset:8088/bi/',
        CONSOLE_SUPERSET_SECRET: ' 0123456789abcdef0123 ',
        CONSOLE_SUPERSET_TIMEOUT_MS: '2500',
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
      sqlMemoryMb: 512,
      sqlThreads: 3,
      sqlTimeoutSeconds: 5,
      outputMaxMb: 4,
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
      airflow: { url: 'http://airflow:8080/base', api: 'v2', accounts: { admin: { username: 'console', password: 'pw' }, editor: { username: 'console', password: 'pw' } }, timeoutMs: 5000 },
      superset: { url: 'http://superset:8088/bi', secret: '0123456789abcdef0123', timeoutMs: 2500 },
      jupyterHub: null,
      workflowDemoDags: 1000,
      database: null,
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
    expect(loadConfig({ CONSOLE_AIRFLOW_URL: 'http://airflow:8080' }).airflow).toEqual({ url: 'http://airflow:8080', api: 'v1', accounts: { admin: null, editor: null }, timeoutMs: 30_000 });
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
    expect(() => loadConfig({ CONSOLE_SQL_MEMORY_MB: '10' })).toThrow(/CONSOLE_SQL_MEMORY_MB must be an integer from 64/);
    expect(() => loadConfig({ CONSOLE_SQL_THREADS: '0' })).toThrow(/CONSOLE_SQL_THREADS/);
    expect(() => loadConfig({ CONSOLE_SQL_TIMEOUT_SECONDS: 'soon' })).toThrow(/CONSOLE_SQL_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ CONSOLE_OUTPUT_MAX_MB: '1000' })).toThrow(/CONSOLE_OUTPUT_MAX_MB must be an integer from 1 to 128/);
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

  it('reads a Superset upstream only with its shared secret, and refuses to start on a bad one', () => {
    const secret = 'a-shared-secret-of-32-characters';
    expect(loadConfig({ CONSOLE_SUPERSET_URL: 'http://127.0.0.1:8088', CONSOLE_SUPERSET_SECRET: secret }).superset).toEqual({ url: 'http://127.0.0.1:8088', secret, timeoutMs: 30_000 });
    expect(() => loadConfig({ CONSOLE_SUPERSET_URL: 'http://127.0.0.1:8088' })).toThrow(/CONSOLE_SUPERSET_SECRET must be set with CONSOLE_SUPERSET_URL/);
    expect(() => loadConfig({ CONSOLE_SUPERSET_URL: 'http://127.0.0.1:8088', CONSOLE_SUPERSET_SECRET: 'short' })).toThrow(/at least 16 characters/);
    expect(() => loadConfig({ CONSOLE_SUPERSET_URL: 'superset:8088', CONSOLE_SUPERSET_SECRET: secret })).toThrow(/CONSOLE_SUPERSET_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ CONSOLE_SUPERSET_URL: 'http://u:p@superset:8088', CONSOLE_SUPERSET_SECRET: secret })).toThrow(/without query or credentials/);
    expect(() => loadConfig({ CONSOLE_SUPERSET_URL: 'http://superset:8088', CONSOLE_SUPERSET_SECRET: secret, CONSOLE_SUPERSET_TIMEOUT_MS: '0' })).toThrow(/CONSOLE_SUPERSET_TIMEOUT_MS/);
    // Read only with CONSOLE_SUPERSET_URL: the embedded DuckDB service answers otherwise.
    expect(loadConfig({ CONSOLE_SUPERSET_SECRET: 'x' }).superset).toBeNull();
  });

  it('reads a JupyterHub upstream only with its service token, and refuses to start on a bad one', () => {
    expect(loadConfig({ CONSOLE_JUPYTERHUB_URL: 'http://127.0.0.1:8000/hub-root/', CONSOLE_JUPYTERHUB_TOKEN: ' tok ' }).jupyterHub).toEqual({ url: 'http://127.0.0.1:8000/hub-root', token: 'tok' });
    expect(() => loadConfig({ CONSOLE_JUPYTERHUB_URL: 'http://127.0.0.1:8000' })).toThrow(/CONSOLE_JUPYTERHUB_TOKEN must be set with CONSOLE_JUPYTERHUB_URL/);
    expect(() => loadConfig({ CONSOLE_JUPYTERHUB_URL: 'http://127.0.0.1:8000', CONSOLE_JUPYTERHUB_TOKEN: '  ' })).toThrow(/CONSOLE_JUPYTERHUB_TOKEN must be set/);
    expect(() => loadConfig({ CONSOLE_JUPYTERHUB_URL: 'hub:8000', CONSOLE_JUPYTERHUB_TOKEN: 'tok' })).toThrow(/CONSOLE_JUPYTERHUB_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ CONSOLE_JUPYTERHUB_URL: 'http://hub:8000/?token=x', CONSOLE_JUPYTERHUB_TOKEN: 'tok' })).toThrow(/without query or credentials/);
    expect(() => loadConfig({ CONSOLE_JUPYTERHUB_URL: 'http://hub:8000', CONSOLE_JUPYTERHUB_TOKEN: 'tok', CONSOLE_JUPYTER_URL: 'http://hub:8000/user/ann' })).toThrow(/both set: keep one/);
    expect(loadConfig({ CONSOLE_JUPYTERHUB_TOKEN: 'tok' }).jupyterHub).toBeNull();
  });

  it('reads an Airflow account per console role from CONSOLE_AIRFLOW_ACCOUNTS, and refuses to start on a bad one', () => {
    const url = { CONSOLE_AIRFLOW_URL: 'http://airflow:8080' };
    const admin = { username: 'airflow-admin', password: 'a"pw' };
    const editor = { username: 'airflow-op', password: 'op-pw' };
    const accounts = (env: Record<string, string>) => loadConfig({ ...url, ...env }).airflow?.accounts;
    expect(accounts({ CONSOLE_AIRFLOW_ACCOUNTS: JSON.stringify({ admin, editor }) })).toEqual({ admin, editor });
    // The single account stays the admin's; an editor's may come beside it.
    expect(accounts({ CONSOLE_AIRFLOW_USERNAME: 'airflow-admin', CONSOLE_AIRFLOW_PASSWORD: 'a"pw', CONSOLE_AIRFLOW_ACCOUNTS: JSON.stringify({ editor }) })).toEqual({ admin, editor });
    expect(accounts({ CONSOLE_AIRFLOW_ACCOUNTS: JSON.stringify({ admin }) })).toEqual({ admin, editor: admin });

    const shape = /CONSOLE_AIRFLOW_ACCOUNTS must be JSON like \{"admin":/;
    const bad = (value: string, reason: RegExp) => {
      expect(() => accounts({ CONSOLE_AIRFLOW_ACCOUNTS: value }), value).toThrow(shape);
      expect(() => accounts({ CONSOLE_AIRFLOW_ACCOUNTS: value }), value).toThrow(reason);
    };
    bad('{"admin":{"username":"a","password":"secret-pw"', /it is not valid JSON$/);
    bad('[]', /got a list/);
    bad('"admin"', /got string/);
    bad(JSON.stringify({ admin, viewer: editor }), /the roles are admin and editor, got "viewer"/);
    bad(JSON.stringify({ admin, editor: { username: 'op' } }), /"editor" needs a username and a password/);
    bad(JSON.stringify({ admin: { username: ' ', password: 'x' } }), /"admin" needs a username and a password/);
    bad(JSON.stringify({ admin: 'airflow-admin' }), /"admin" needs/);
    // A password is never repeated in the message, not even from broken JSON.
    expect(() => accounts({ CONSOLE_AIRFLOW_ACCOUNTS: '{"admin":{"username":"a","password":"secret-pw"' })).not.toThrow(/secret-pw/);
    expect(() => accounts({ CONSOLE_AIRFLOW_ACCOUNTS: JSON.stringify({ editor }) })).toThrow(/holds no admin account/);
    expect(() => accounts({ CONSOLE_AIRFLOW_ACCOUNTS: '{}' })).toThrow(/holds no admin account/);
    expect(() => accounts({ CONSOLE_AIRFLOW_USERNAME: 'x', CONSOLE_AIRFLOW_PASSWORD: 'y', CONSOLE_AIRFLOW_ACCOUNTS: JSON.stringify({ admin }) })).toThrow(/admin's Airflow account is set twice/);
    // Read only with CONSOLE_AIRFLOW_URL, like the rest of CONSOLE_AIRFLOW_*.
    expect(loadConfig({ CONSOLE_AIRFLOW_ACCOUNTS: 'not json' }).airflow).toBeNull();
  });
});
