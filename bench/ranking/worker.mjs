// Worker-thread entry of the ranking benchmark: registers tsx in this thread, then loads the
// TypeScript worker (loaders registered in the main thread do not reach worker threads).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
