// What the layer race's worker (site_assets/grow/worker.js) takes from TensorFlow.js:
// the tensor operations, their gradients (registered by the import below) and Adam of tfjs-core, and the WebAssembly backend. esbuild
// bundles this file into one ES module (build_site/tfjs.py), because a module worker cannot
// resolve npm's bare imports; naming the operations lets it leave the rest of tfjs-core out.
export {
  add,
  dispose,
  env,
  getBackend,
  logSoftmax,
  matMul,
  mean,
  memory,
  mul,
  neg,
  ready,
  reshape,
  rsqrt,
  scalar,
  setBackend,
  softmax,
  square,
  sum,
  tensor,
  tidy,
  train,
  transpose,
  variable,
} from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
export { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
