// The process's first module: V8's compile cache on, then the server, since compiling the bundle is most of what happens
// before its first line runs. The build fills the cache (scripts/build.ts), portable so it holds wherever dist/ is copied.
// Where the folder cannot be written (a read-only root filesystem) Node reads it and writes nothing; with no cache the
// server starts all the same, only slower.
import { enableCompileCache, flushCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

enableCompileCache({ directory: fileURLToPath(new URL('../compile-cache', import.meta.url)), portable: true });
await import('./index.js');
// The server listens: what start-up compiled is written for the next start.
flushCompileCache();
