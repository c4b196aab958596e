import fs from 'node:fs';
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const prof = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
const target = process.argv[3]!; const skipMs = Number(process.argv[4] ?? 0);
const byId = new Map(prof.nodes.map((n) => [n.id, n])); const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const pkgOf = (url: string) => { if (!url) return '(native)'; const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url); if (m) return m[1]!; if (url.startsWith('node:')) return url; return url.split('/').slice(-2).join('/'); };
let t = prof.startTime; const stacks = new Map<string, number>(); let tot = 0;
for (let i = 0; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i]!; if ((t - prof.startTime) / 1000 < skipMs) continue;
  const n = byId.get(prof.samples[i]!)!; if (n.callFrame.functionName !== target) continue;
  const dt = prof.timeDeltas[i]! / 1000; tot += dt;
  const chain: string[] = []; let cur = parent.get(n.id);
  while (cur !== undefined && chain.length < 14) { const c = byId.get(cur)!; chain.push(`${c.callFrame.functionName || '(anon)'}@${pkgOf(c.callFrame.url)}`); cur = parent.get(cur); }
  const key = chain.join(' < '); stacks.set(key, (stacks.get(key) ?? 0) + dt);
}
console.log(target, 'total ms', tot.toFixed(0));
[...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8).forEach(([k, v]) => console.log((v).toFixed(0).padStart(6), 'ms', k, '\n'));
