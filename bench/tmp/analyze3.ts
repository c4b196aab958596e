import fs from 'node:fs';
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const prof = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
const skipMs = Number(process.argv[3] ?? 0);
const byId = new Map(prof.nodes.map((n) => [n.id, n])); const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const pkgOf = (url: string) => { if (!url) return ''; const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url); if (m) return m[1]!; if (url.startsWith('node:')) return 'node-core'; return url.split('/work/main/')[1] ?? url; };
// attribute each sample's self time to the nearest JS package frame that is not node-core/native ("owner")
let t = prof.startTime; const own = new Map<string, number>(); let tot = 0;
for (let i = 0; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i]!; if ((t - prof.startTime) / 1000 < skipMs) continue;
  const n = byId.get(prof.samples[i]!)!; const dt = prof.timeDeltas[i]! / 1000; tot += dt;
  const name = n.callFrame.functionName;
  if (['(idle)', '(garbage collector)', '(program)'].includes(name)) { own.set(name, (own.get(name) ?? 0) + dt); continue; }
  let cur: number | undefined = n.id; let owner = 'node-core/native (no package on stack)';
  while (cur !== undefined) { const p = pkgOf(byId.get(cur)!.callFrame.url); if (p && p !== 'node-core') { owner = p; break; } cur = parent.get(cur); }
  own.set(owner, (own.get(owner) ?? 0) + dt);
}
console.log('total ms', tot.toFixed(0));
[...own].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([k, v]) => console.log((v / tot * 100).toFixed(1).padStart(5) + '%', k));
