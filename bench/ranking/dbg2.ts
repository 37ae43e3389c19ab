import { makeWorld, EngineSim } from './sim.js';
import { ratingParams } from '../../apps/server/src/domain/rating/index.js';
const params = ratingParams({
  refitTolerance: Number(process.env.TOL ?? 1e-9),
  reliabilityRounds: Number(process.env.ROUNDS ?? 3),
});
const world = makeWorld({
  seed: 1,
  photos: 500,
  voters: 200,
  badShare: 0.2,
  boostedShare: 0,
  votes: 50000,
});
const sim = new EngineSim(world, params);
for (let t = 0; t < world.stream.length; t++) {
  sim.step(world.stream[t]!);
  if ((t + 1) % 250 === 0) {
    sim.refit();
  }
}
console.log(
  sim.refitMillis.toFixed(0),
  sim.last!.convergence.newtonIterations,
  sim.last!.convergence.cgIterations,
);
