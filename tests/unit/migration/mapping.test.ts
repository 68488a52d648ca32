import { describe, expect, it } from 'vitest';
import {
  OWASP_ANOMALY_SCORE_RULE_ID,
  OWASP_CORE_RULESET_ID,
  VENDOR_MANAGED_RULESET_ID,
  deriveNewConfiguration,
  mapAction,
  mapSensitivity,
  urlPatternToExpression,
  type ExecuteParameters,
  type LegacySensitivity,
} from '../../../src-main/migration';
import { fwRule, legacy, pageRule } from './fixtures';

describe('mapSensitivity (spec table)', () => {
  it.each([
    ['high', 'PL2', 'medium', 40],
    ['medium', 'PL1', 'high', 25],
    ['low', 'PL1', 'medium', 40],
    ['default', 'PL2', 'medium', 40],
  ] as const)('%s → %s, threshold %s (%i)', (old, pl, threshold, value) => {
    expect(mapSensitivity(old)).toEqual({ paranoiaLevel: pl, scoreThreshold: threshold, scoreThresholdValue: value });
  });
});

describe('mapAction', () => {
  it.each([
    ['simulate', 'log'],
    ['block', 'block'],
    ['challenge', 'challenge'],
  ] as const)('%s → %s', (old, now) => expect(mapAction(old)).toBe(now));
});

describe('urlPatternToExpression', () => {
  it.each([
    ['example.test/admin/*', '(http.host eq "example.test" and http.request.uri.path wildcard "/admin/*")'],
    ['*example.test/status/*', '(http.host wildcard "*example.test" and http.request.uri.path wildcard "/status/*")'],
    ['https://Example.test/login', '(http.host eq "example.test" and http.request.uri.path eq "/login")'],
    ['example.test/*', 'http.host eq "example.test"'],
    ['example.test', 'http.host eq "example.test"'],
    ['*/a"b', 'http.request.uri.path eq "/a\\"b"'],
  ])('%s', (pattern, expr) => expect(urlPatternToExpression(pattern)).toBe(expr));
});

const execOf = (cfg: ReturnType<typeof deriveNewConfiguration>, id: string) =>
  cfg.rules.find((r) => r.action === 'execute' && (r.action_parameters as ExecuteParameters).id === id);

describe('deriveNewConfiguration: sensitivity and action carry over into the OWASP rule', () => {
  it.each([
    ['high', 'block', 40, 'block', false],
    ['medium', 'simulate', 25, 'log', true],
    ['low', 'challenge', 40, 'challenge', true],
    ['default', 'simulate', 40, 'log', false],
  ] as const)('%s/%s → threshold %i, action %s, PL2 off: %s', (sensitivity, action, score, newAction, pl2Disabled) => {
    const l = legacy();
    l.packages[1] = { ...l.packages[1]!, sensitivity: sensitivity as LegacySensitivity, action_mode: action };
    const owasp = execOf(deriveNewConfiguration(l), OWASP_CORE_RULESET_ID)!;
    const ov = (owasp.action_parameters as ExecuteParameters).overrides!;
    expect(ov.rules).toEqual([{ id: OWASP_ANOMALY_SCORE_RULE_ID, action: newAction, score_threshold: score, enabled: true }]);
    const disabled = ov.categories!.filter((c) => c.enabled === false).map((c) => c.category);
    expect(disabled.includes('paranoia-level-2')).toBe(pl2Disabled);
    expect(disabled).toEqual(expect.arrayContaining(['paranoia-level-3', 'paranoia-level-4']));
  });
});

describe('deriveNewConfiguration: carry-over table', () => {
  it('a plain zone gets the two execute rules, empty ids as in the config result', () => {
    const cfg = deriveNewConfiguration(legacy());
    expect(cfg.name).toBe('default');
    expect(cfg.rules.map((r) => [r.action, (r.action_parameters as ExecuteParameters).id, r.expression, r.enabled, r.id, r.version, r.ref])).toEqual([
      ['execute', VENDOR_MANAGED_RULESET_ID, 'true', true, '', '', ''],
      ['execute', OWASP_CORE_RULESET_ID, 'true', true, '', '', ''],
    ]);
  });

  it('Firewall rules with Bypass > WAF Managed Rules → skip rules with the same expression; others ignored', () => {
    const cfg = deriveNewConfiguration(
      legacy({ firewallRules: [fwRule(2), fwRule(1, { paused: true }), fwRule(3, { action: 'block', products: [] }), fwRule(4, { products: ['zoneLockdown'] })] }),
    );
    const skips = cfg.rules.filter((r) => r.action === 'skip');
    expect(skips.map((r) => [r.expression, r.enabled, r.action_parameters])).toEqual([
      ['(ip.src eq 192.0.2.1)', false, { ruleset: 'current' }],
      ['(ip.src eq 192.0.2.2)', true, { ruleset: 'current' }],
    ]);
    expect(cfg.rules.indexOf(skips[1]!)).toBeLessThan(cfg.rules.findIndex((r) => r.action === 'execute'));
  });

  it.each([
    ['Disable Security', { id: 'disable_security' }],
    ['Web Application Firewall: Off', { id: 'waf', value: 'off' }],
  ])('Page Rules with %s → a skip rule on the URL', (what, action) => {
    const cfg = deriveNewConfiguration(legacy({ pageRules: [pageRule('p1', 'example.test/api/*', action)] }));
    const skip = cfg.rules.find((r) => r.action === 'skip')!;
    expect(skip.expression).toBe('(http.host eq "example.test" and http.request.uri.path wildcard "/api/*")');
    expect(skip.description).toContain(what);
    expect(skip.enabled).toBe(true);
  });

  it('a disabled page rule becomes a disabled skip rule; unrelated page rules are ignored', () => {
    const cfg = deriveNewConfiguration(
      legacy({ pageRules: [pageRule('p1', 'example.test/x', { id: 'disable_security' }, 'disabled'), pageRule('p2', 'example.test/img/*', { id: 'cache_level', value: 'aggressive' })] }),
    );
    expect(cfg.rules.filter((r) => r.action === 'skip').map((r) => r.enabled)).toEqual([false]);
  });

  it('Page Rules with Web Application Firewall: On while the WAF is off → managed rulesets scoped to those URLs', () => {
    const cfg = deriveNewConfiguration(legacy({ wafEnabled: false, pageRules: [pageRule('p1', 'example.test/admin/*', { id: 'waf', value: 'on' })] }));
    const exec = cfg.rules.filter((r) => r.action === 'execute');
    expect(exec.map((r) => [r.expression, r.enabled])).toEqual([
      ['(http.host eq "example.test" and http.request.uri.path wildcard "/admin/*")', true],
      ['(http.host eq "example.test" and http.request.uri.path wildcard "/admin/*")', true],
    ]);
  });

  it('WAF On page rules are redundant while the WAF is on; WAF off without them → disabled execute rules', () => {
    const on = deriveNewConfiguration(legacy({ pageRules: [pageRule('p1', 'example.test/a', { id: 'waf', value: 'on' })] }));
    expect(on.rules.map((r) => [r.action, r.expression, r.enabled])).toEqual([['execute', 'true', true], ['execute', 'true', true]]);
    const off = deriveNewConfiguration(legacy({ wafEnabled: false }));
    expect(off.rules.every((r) => !r.enabled)).toBe(true);
  });

  it('group and rule overrides are not migrated', () => {
    const l = legacy({
      groups: [{ id: 'g', name: 'OWASP Bad Robots', description: null, mode: 'off', default_mode: 'on', rules_count: 1, modified_rules_count: 0, package_id: 'p', allowed_modes: ['on', 'off'] }],
      rules: [{ id: '100015', description: 'x', priority: '1', package_id: 'p', group: { id: 'g', name: 'n' }, mode: 'disable', default_mode: 'block', allowed_modes: [] }],
    });
    expect(deriveNewConfiguration(l)).toEqual(deriveNewConfiguration(legacy()));
  });
});
