import fs from 'node:fs';
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] };
const prof = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// only samples in the last window (steady state): skip first X seconds
const skipMs = Number(process.argv[3] ?? 0);
let t = prof.startTime; const self = new Map<string, number>(); const pkgTotal = new Map<string, number>(); let total = 0;
const pkgOf = (url: string) => { if (!url) return '(native/vm)'; const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url); if (m) return m[1]!; if (url.startsWith('node:')) return url; if (url.includes('/server/')) return 'server/' + url.split('/server/')[1]; return url.split('/').slice(-2).join('/'); };
for (let i = 0; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i]!; if ((t - prof.startTime) / 1000 < skipMs) continue;
  const n = byId.get(prof.samples[i]!)!; const dt = prof.timeDeltas[i]! / 1000; total += dt;
  const key = `${n.callFrame.functionName || '(anon)'} ${pkgOf(n.callFrame.url)}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  // inclusive by package: walk up stack, count each package once
  const seen = new Set<string>(); let cur: number | undefined = n.id;
  while (cur !== undefined) { const c = byId.get(cur)!; const p = pkgOf(c.callFrame.url); if (c.callFrame.url && !seen.has(p)) { seen.add(p); pkgTotal.set(p, (pkgTotal.get(p) ?? 0) + dt); } cur = parent.get(cur); }
}
console.log('total ms', total.toFixed(0));
console.log('--- top self'); [...self].sort((a, b) => b[1] - a[1]).slice(0, 40).forEach(([k, v]) => console.log((v / total * 100).toFixed(1).padStart(5) + '%', k));
console.log('--- inclusive by package/file'); [...pkgTotal].sort((a, b) => b[1] - a[1]).slice(0, 40).forEach(([k, v]) => console.log((v / total * 100).toFixed(1).padStart(5) + '%', k));
