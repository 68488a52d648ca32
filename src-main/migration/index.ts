/** Managed-WAF migration (Area C): pure mapping, eligibility, diff and the wizard's state machine. */
export * from './types';
export * from './mapping';
export * from './page-rule-expression';
export * from './derive';
export * from './eligibility';
export * from './diff';
export * from './overrides';
export * from './rule-ids';
export * from './schemas';
export * from './error-codes';
export * from './user-errors';
export * from './wizard';
export * from './run-step';
export * from './persistence';
