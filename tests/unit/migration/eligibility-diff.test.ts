import { describe, expect, it } from 'vitest';
import {
  OWASP_CORE_RULESET_ID,
  applyRuleOverrides,
  checkEligibility,
  deriveNewConfiguration,
  diffConfigurations,
  validateOverrides,
  type LegacyWafSettings,
} from '../../../src-main/migration';
import { fwRule, legacy, pageRule } from './fixtures';

const override = { id: 'o1', description: null, urls: ['example.test/x'], priority: 1, paused: false, groups: {}, rules: {}, rewrite_action: {} };

describe('checkEligibility', () => {
  it.each<[string, Partial<LegacyWafSettings>, string[]]>([
    ['plain zone', {}, []],
    ['URI-based overrides', { overrides: [override] }, ['uri_overrides']],
    ['200 bypass rules (limit)', { firewallRules: Array.from({ length: 200 }, (_, i) => fwRule(i)) }, []],
    ['201 bypass rules', { firewallRules: Array.from({ length: 201 }, (_, i) => fwRule(i)) }, ['too_many_firewall_rules']],
    ['300 rules but only 10 bypass the WAF', { firewallRules: Array.from({ length: 300 }, (_, i) => fwRule(i, i < 10 ? {} : { action: 'block', products: [] })) }, []],
    ['an expression of exactly 4096 bytes', { firewallRules: [fwRule(1, { filter: { id: 'f', expression: 'a'.repeat(4096), paused: false } })] }, []],
    ['an expression of 4097 bytes', { firewallRules: [fwRule(1, { filter: { id: 'f', expression: 'a'.repeat(4097), paused: false } })] }, ['expression_too_long']],
    ['4096 characters but more bytes (UTF-8)', { firewallRules: [fwRule(1, { filter: { id: 'f', expression: 'é'.repeat(2049), paused: false } })] }, ['expression_too_long']],
    ['a long expression on a non-bypass rule', { firewallRules: [fwRule(1, { action: 'block', filter: { id: 'f', expression: 'a'.repeat(5000), paused: false } })] }, []],
    ['everything at once', { overrides: [override], firewallRules: Array.from({ length: 201 }, (_, i) => fwRule(i, i === 0 ? { filter: { id: 'f', expression: 'a'.repeat(5000), paused: false } } : {})) }, ['uri_overrides', 'too_many_firewall_rules', 'expression_too_long']],
  ])('%s', (_name, over, codes) => {
    const r = checkEligibility(legacy(over));
    expect(r.reasons.map((x) => x.code)).toEqual(codes);
    expect(r.compatible).toBe(codes.length === 0);
    for (const reason of r.reasons) expect(reason.message.length).toBeGreaterThan(20);
  });

  it('lists the override ids so the screen can offer to delete them', () => {
    expect(checkEligibility(legacy({ overrides: [override] })).reasons[0]!.items).toEqual(['o1']);
  });
});

describe('diffConfigurations', () => {
  const full = legacy({
    firewallRules: [fwRule(1)],
    pageRules: [pageRule('p1', 'example.test/api/*', { id: 'waf', value: 'off' }), pageRule('p2', 'example.test/login', { id: 'waf', value: 'on' })],
    groups: [{ id: 'g', name: 'OWASP Bad Robots', description: null, mode: 'off', default_mode: 'on', rules_count: 1, modified_rules_count: 0, package_id: 'p', allowed_modes: ['on', 'off'] }],
    rules: [
      { id: '100015', description: 'UA', priority: '1', package_id: 'p', group: { id: 'g', name: 'n' }, mode: 'disable', default_mode: 'block', allowed_modes: [] },
      { id: '100016', description: 'untouched', priority: '2', package_id: 'p', group: { id: 'g', name: 'n' }, mode: 'default', default_mode: 'block', allowed_modes: [] },
    ],
    overrides: [override],
  });
  full.packages[1] = { ...full.packages[1]!, sensitivity: 'medium', action_mode: 'simulate' };
  const rows = diffConfigurations(full, deriveNewConfiguration(full));

  it('has one row per area touched, marking what carries over', () => {
    expect(rows.map((r) => [r.area, r.carriesOver])).toEqual([
      ['waf_switch', true],
      ['vendor_package', true],
      ['owasp_sensitivity', true],
      ['owasp_action', true],
      ['firewall_rule', true],
      ['page_rule', true],
      ['page_rule', true],
      ['group_override', false],
      ['rule_override', false],
      ['uri_override', false],
    ]);
  });

  it('explains the sensitivity mapping and Simulate → Log', () => {
    const s = rows.find((r) => r.area === 'owasp_sensitivity')!;
    expect(s.before).toBe('Sensitivity Medium');
    expect(s.after).toBe('PL1, score threshold High (25 or higher)');
    const a = rows.find((r) => r.area === 'owasp_action')!;
    expect([a.before, a.after, a.note]).toEqual(['Action Simulate', 'Action Log', 'Simulate becomes Log.']);
  });

  it('tells the user to recreate group and rule overrides', () => {
    expect(rows.find((r) => r.area === 'group_override')!.note).toMatch(/recreate.*tag/i);
    expect(rows.find((r) => r.area === 'rule_override')!.note).toMatch(/recreate.*rule override/i);
  });

  it('shows a removed carried-over rule as not carrying over', () => {
    const cfg = deriveNewConfiguration(full);
    cfg.rules = cfg.rules.filter((r) => !r.description.includes('firewall rule fw1'));
    expect(diffConfigurations(full, cfg).find((r) => r.area === 'firewall_rule')!.carriesOver).toBe(false);
  });
});

describe('validateOverrides / applyRuleOverrides', () => {
  const id = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  it.each<[string, unknown, boolean]>([
    ['valid log + disabled', [{ id, action: 'log', enabled: false }], true],
    ['id only', [{ id }], true],
    ['short id', [{ id: 'abc', action: 'log' }], false],
    ['uppercase id', [{ id: id.toUpperCase() }], false],
    ['unknown action', [{ id, action: 'skip' }], false],
    ['enabled not boolean', [{ id, enabled: 'yes' }], false],
    ['unknown field', [{ id, foo: 1 }], false],
    ['duplicate id', [{ id }, { id, action: 'block' }], false],
    ['not a list', { id }, false],
  ])('%s', (_n, input, ok) => {
    const r = validateOverrides(input);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.errors[0]!.message).not.toBe('');
  });

  it('merges overrides into the right execute rule and keeps the score rule', () => {
    const cfg = applyRuleOverrides(deriveNewConfiguration(legacy()), OWASP_CORE_RULESET_ID, [{ id, action: 'log', enabled: false }]);
    const owasp = cfg.rules[1]!.action_parameters as { overrides: { rules: { id: string }[] } };
    expect(owasp.overrides.rules.map((r) => r.id)).toEqual(['6179ae15870a4bb7b2d480d4843b323c', id]);
    expect(() => applyRuleOverrides({ name: 'default', rules: [] }, OWASP_CORE_RULESET_ID, [])).toThrow(/no rule/);
  });
});
