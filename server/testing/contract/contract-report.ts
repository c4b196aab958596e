import type { TContractFileReport } from './contract-types';

/** `/api/clients/{id}` from a call's URL, by the document's paths (the most literal one when several match). */
const operationMatcher = (document: Record<string, unknown>) => {
  const templates = Object.keys((document.paths ?? {}) as Record<string, unknown>)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return (method: string, url: string) => {
    const pathname = url.split('?')[0] ?? url;
    return `${method} ${templates.find((candidate) => candidate.pattern.test(pathname))?.template ?? `${pathname} (not in the document)`}`;
  };
};

/** The run's summary (test-results/contract/report.json): totals, then every violation grouped by operation. */
export const summarise = (document: Record<string, unknown>, reports: TContractFileReport[], timings: { prismStartMs: number; runMs: number }) => {
  const operationOf = operationMatcher(document);
  const calls = reports.flatMap((report) => report.calls.map((call) => ({ ...call, file: report.file })));
  const byOperation: Record<string, { calls: number; messages: Record<string, number>; examples: { file: string; url: string; status: number }[] }> = {};
  const expectedByMessage: Record<string, number> = {};
  const unchecked: Record<string, number> = {};
  for (const call of calls) {
    for (const violation of call.expected) {
      const key = `${violation.location.join('.')}: ${violation.message}`;
      expectedByMessage[key] = (expectedByMessage[key] ?? 0) + 1;
    }
    if (!call.checked) unchecked[call.note ?? '?'] = (unchecked[call.note ?? '?'] ?? 0) + 1;
    if (call.violations.length === 0) continue;
    const entry = (byOperation[`${operationOf(call.method, call.url)} → ${call.status}`] ??= { calls: 0, messages: {}, examples: [] });
    entry.calls += 1;
    for (const violation of call.violations) {
      const key = `${violation.location.join('.')}: ${violation.message}`;
      entry.messages[key] = (entry.messages[key] ?? 0) + 1;
    }
    if (entry.examples.length < 3) entry.examples.push({ file: call.file, url: call.url, status: call.status });
  }
  return {
    timings,
    totals: {
      files: reports.length,
      calls: calls.length,
      outsideApi: reports.reduce((sum, report) => sum + report.outsideApi, 0),
      checked: calls.filter((call) => call.checked).length,
      unchecked: calls.filter((call) => !call.checked).length,
      violations: calls.reduce((sum, call) => sum + call.violations.length, 0),
      callsWithViolations: calls.filter((call) => call.violations.length > 0).length,
      expected: calls.reduce((sum, call) => sum + call.expected.length, 0),
    },
    // The contract run's own check (server/testing/contract/) takes its deliberate violations away.
    filesWithoutCalls: reports.filter((report) => report.calls.length === 0 && !report.file.startsWith('server/testing/contract/')).map((report) => report.file).sort(),
    violationsByOperation: Object.fromEntries(Object.entries(byOperation).sort(([a], [b]) => a.localeCompare(b))),
    uncheckedByReason: unchecked,
    expectedByMessage: Object.fromEntries(Object.entries(expectedByMessage).sort(([, a], [, b]) => b - a)),
  };
};
