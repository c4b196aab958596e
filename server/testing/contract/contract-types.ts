/** What the contract run's global setup hands to the test files (server/testing/contract/global-setup.ts). */
export type TContractProxy = {
  /** The Prism proxy (`prism proxy <document> <storeUrl>`). */
  prismUrl: string;
  /** The answer store: Prism's upstream, which replays the app's recorded answers. */
  storeUrl: string;
  /** Where each test file writes its calls (`files/`), and the run its summary (`report.json`). */
  reportDir: string;
};

/** One entry of Prism's `sl-violations` header. */
export type TViolation = {
  /** `['request', 'body', 'name']`, `['response', 'body']`, `['request']`... */
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
};

/** One REST call of a test, as checked by Prism. */
export type TContractCall = {
  method: string;
  url: string;
  status: number;
  /** Whether Prism saw the call and the app's answer (see `note` when not). */
  checked: boolean;
  note?: string;
  /** What Prism found that breaks the contract. */
  violations: TViolation[];
  /** Request violations on the app's 4xx refusals: what the test meant to send (isExpectedViolation). */
  expected: TViolation[];
};

/** The calls of one test file (`<reportDir>/files/*.json`). */
export type TContractFileReport = {
  file: string;
  calls: TContractCall[];
  /** Calls outside /api/ (tRPC, static files, /metrics): not part of the REST contract, not sent to Prism. */
  outsideApi: number;
};

/** The request header that names the recorded answer Prism's forwarded call gets from the store. */
export const ID_HEADER = 'x-contract-id';
/** The header on every answer the store replays: Prism forwarded the call (otherwise it answered by itself). */
export const REPLAYED_HEADER = 'x-contract-replayed';
/** The recorded answer's status and headers, base64url JSON, beside its raw body on the store's PUT. */
export const ANSWER_HEADER = 'x-contract-answer';
