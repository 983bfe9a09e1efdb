// The process's first module: V8's compile cache on, then the server.
// Compiling the server bundle (one large file, every dependency in it) is most of what
// happens before the server's first line runs; with the code V8 made on an
// earlier start read from disk, it is skipped. The build fills the cache by
// starting the server once (scripts/build.ts), and the cache is portable, so
// it holds wherever dist/ is copied, as into the image. Where the folder
// cannot be written (a read-only root filesystem) Node reads the cache and
// writes nothing; without a cache the server starts as before, only slower.
import { enableCompileCache, flushCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

enableCompileCache({ directory: fileURLToPath(new URL('../compile-cache', import.meta.url)), portable: true });
await import('./index.js');
// The server listens: what start-up compiled is written for the next start.
flushCompileCache();
