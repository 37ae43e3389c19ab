import { makeWorld, EngineSim } from './sim.js';
const world = makeWorld({
  seed: 1,
  photos: 500,
  voters: 200,
  badShare: 0.2,
  boostedShare: 0,
  votes: 50000,
});
const sim = new EngineSim(world);
let t0 = performance.now();
for (let t = 0; t < world.stream.length; t++) {
  sim.step(world.stream[t]!);
  if ((t + 1) % 250 === 0) {
    sim.refit();
  }
}
console.log('total', performance.now() - t0, 'refit', sim.refitMillis, sim.last!.convergence);
