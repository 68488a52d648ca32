import { describe, expect, it } from 'vitest';
import { OWASP_ANOMALY_SCORE_RULE_ID, OWASP_CORE_RULESET_ID, VENDOR_MANAGED_RULESET_ID, type NewConfiguration } from '../../../src-main/migration';
import { applyAdjustments, rulesetsOf } from '../../../src-main/migration-workbench';

const R1 = '23ee7cebe6e8443e99ecf932ab579455';
const base: NewConfiguration = {
  name: 'default',
  rules: [
    { id: '', version: '', ref: '', action: 'skip', expression: '(ip.src eq 192.0.2.1)', description: 'x', enabled: true, action_parameters: { ruleset: 'current' } },
    { id: '', version: '', ref: '', action: 'execute', expression: 'true', description: '', enabled: true, action_parameters: { id: VENDOR_MANAGED_RULESET_ID } },
    {
      id: '', version: '', ref: '', action: 'execute', expression: 'true', description: '', enabled: true,
      action_parameters: {
        id: OWASP_CORE_RULESET_ID,
        overrides: { categories: [{ category: 'paranoia-level-3', enabled: false }], rules: [{ id: OWASP_ANOMALY_SCORE_RULE_ID, action: 'log', score_threshold: 25 }] },
      },
    },
  ],
};

describe('applyAdjustments', () => {
  it.each([
    ['adds an override to a ruleset without any', [{ rulesetId: VENDOR_MANAGED_RULESET_ID, rules: [{ id: R1, action: 'log' }] }], VENDOR_MANAGED_RULESET_ID, [{ id: R1, action: 'log' }]],
    ['replaces the list (a removed row is gone), keeping categories', [{ rulesetId: OWASP_CORE_RULESET_ID, rules: [{ id: R1, enabled: false }] }], OWASP_CORE_RULESET_ID, [{ id: R1, enabled: false }]],
    ['an empty list removes every rule override', [{ rulesetId: OWASP_CORE_RULESET_ID, rules: [] }], OWASP_CORE_RULESET_ID, []],
    ['rulesets not edited keep theirs', [], OWASP_CORE_RULESET_ID, [{ id: OWASP_ANOMALY_SCORE_RULE_ID, action: 'log', score_threshold: 25 }]],
  ])('%s', (_name, edits, rulesetId, expected) => {
    const r = applyAdjustments(base, edits);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(rulesetsOf(r.config).find((x) => x.rulesetId === rulesetId)?.overrides).toEqual(expected);
    const owasp = r.config.rules[2]!.action_parameters;
    expect('id' in owasp && owasp.overrides?.categories).toEqual([{ category: 'paranoia-level-3', enabled: false }]);
    expect(r.config.rules[0]).toEqual(base.rules[0]);
  });

  it.each([
    ['bad id', { id: 'xyz' }, 'id'],
    ['bad action', { id: R1, action: 'destroy' }, 'action'],
    ['score out of range', { id: R1, score_threshold: 0 }, 'score_threshold'],
    ['unknown field', { id: R1, mode: 'on' }, 'override'],
  ])('refuses %s with a located issue', (_name, row, field) => {
    const r = applyAdjustments(base, [{ rulesetId: VENDOR_MANAGED_RULESET_ID, rules: [{ id: R1 }, row] }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ rulesetId: VENDOR_MANAGED_RULESET_ID, index: 1, field });
  });

  it('refuses duplicates and rulesets the configuration does not execute', () => {
    const dup = applyAdjustments(base, [{ rulesetId: VENDOR_MANAGED_RULESET_ID, rules: [{ id: R1 }, { id: R1, action: 'log' }] }]);
    expect(dup.ok ? [] : dup.issues.map((i) => [i.index, i.field])).toEqual([[1, 'id']]);
    const unknown = applyAdjustments(base, [{ rulesetId: 'f'.repeat(32), rules: [] }]);
    expect(unknown.ok).toBe(false);
  });
});
