/**
 * The top of a V8 CPU profile (`--cpu-prof`), by self time and by total time per function, so a
 * bench's profile can be read in a terminal.
 *
 *   npm run profile:summary -w bench -- <file.cpuprofile> [--top 25] [--from S] [--to S]
 *
 * --from/--to keep the samples taken that many seconds after the profile started. --stalls MS
 * also lists every stretch of at least MS milliseconds in which the thread never went idle (what
 * held the event loop), with the functions most of its samples were in.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    stalls: { type: 'string' },
  },
});
const file = positionals[0];
if (!file) throw new Error('usage: summary.ts <file.cpuprofile> [--top N]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const top = Number(values.top);
const fromMs = Number(values.from) * 1000;
const toMs = Number(values.to) * 1000;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const label = (node: ProfileNode) => {
  const where = node.callFrame.url.replace(/^.*\/(node_modules|apps|bench)\//, '$1/');
  const name = node.callFrame.functionName || '(anonymous)';
  return where ? `${name} ${where}:${node.callFrame.lineNumber + 1}` : name;
};

/** Adds a sample's `ms` to every distinct function on its stack. */
function addStack(into: Map<string, number>, sample: number, ms: number): void {
  let node = byId.get(sample);
  const seen = new Set<string>();
  while (node) {
    const name = label(node);
    if (!seen.has(name)) {
      seen.add(name);
      into.set(name, (into.get(name) ?? 0) + ms);
    }
    const up = parent.get(node.id);
    node = up === undefined ? undefined : byId.get(up);
  }
}

const self = new Map<string, number>();
const total = new Map<string, number>();
const stallMs = values.stalls === undefined ? null : Number(values.stalls);
const stalls: { from: number; ms: number; stacks: Map<string, number> }[] = [];
let stretch: { from: number; ms: number; stacks: Map<string, number> } | null = null;
let all = 0;
let at = 0;
profile.samples.forEach((sample, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  at += ms;
  if (at < fromMs || at > toMs) return;
  all += ms;
  const node = byId.get(sample);
  if (!node) return;
  self.set(label(node), (self.get(label(node)) ?? 0) + ms);
  addStack(total, sample, ms);
  if (stallMs === null) return;
  if (node.callFrame.functionName === '(idle)') {
    if (stretch && stretch.ms >= stallMs) stalls.push(stretch);
    stretch = null;
    return;
  }
  stretch ??= { from: at - ms, ms: 0, stacks: new Map() };
  stretch.ms += ms;
  addStack(stretch.stacks, sample, ms);
});

const table = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({
      ms: Math.round(ms),
      share: `${((ms / all) * 100).toFixed(1)}%`,
      name,
    }));
console.log(`${Math.round(all)} ms sampled`);
console.log('by self time:');
console.table(table(self));
console.log('by total time:');
console.table(table(total));

if (stallMs !== null) {
  console.log(`stretches of ${stallMs} ms or more without going idle: ${stalls.length}`);
  for (const { from, ms, stacks } of stalls.sort((a, b) => b.ms - a.ms).slice(0, top)) {
    const busiest = [...stacks]
      .filter(([name]) => !name.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, spent]) => `    ${Math.round(spent)} ms ${name}`);
    console.log(`  at ${(from / 1000).toFixed(2)} s, ${Math.round(ms)} ms:\n${busiest.join('\n')}`);
  }
}
