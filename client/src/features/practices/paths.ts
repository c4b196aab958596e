/** The practices' addresses (the helpers live in lib, as the client record's practices panel uses them too). */
export * from '../../lib/practice-paths';
