import { z } from 'zod';
import { MAX_EXPRESSION_BYTES, utf8Length } from './eligibility';

/** Actions a user may give a single managed rule in an override. */
export const OVERRIDE_ACTIONS = ['block', 'challenge', 'js_challenge', 'managed_challenge', 'log'] as const;

export const hex32 = z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 lowercase hexadecimal characters');

export const ruleOverrideSchema = z.strictObject({
  id: hex32,
  action: z.enum(OVERRIDE_ACTIONS).optional(),
  enabled: z.boolean().optional(),
  score_threshold: z.number().int().min(1).max(1000).optional(),
});

export const categoryOverrideSchema = z.strictObject({
  category: z.string().min(1).max(100),
  action: z.enum(OVERRIDE_ACTIONS).optional(),
  enabled: z.boolean().optional(),
});

const executeParametersSchema = z.strictObject({
  id: hex32,
  overrides: z
    .strictObject({
      action: z.enum(OVERRIDE_ACTIONS).optional(),
      enabled: z.boolean().optional(),
      rules: z.array(ruleOverrideSchema).max(1000).optional(),
      categories: z.array(categoryOverrideSchema).max(100).optional(),
    })
    .optional(),
});

const skipParametersSchema = z.strictObject({ ruleset: z.literal('current') });

/** One rule of the entry-point update body; read-only fields of a GET result are tolerated. */
export const newRuleSchema = z
  .strictObject({
    id: z.union([z.literal(''), hex32]).optional(),
    version: z.string().regex(/^\d*$/).max(20).optional(),
    ref: z.string().max(64).optional(),
    action: z.enum(['execute', 'skip']),
    expression: z
      .string()
      .min(1)
      .refine((s) => utf8Length(s) <= MAX_EXPRESSION_BYTES, `must be at most ${MAX_EXPRESSION_BYTES} bytes`),
    description: z.string().max(500).optional(),
    enabled: z.boolean().optional(),
    action_parameters: z.union([executeParametersSchema, skipParametersSchema]),
    last_updated: z.string().optional(),
    logging: z.strictObject({ enabled: z.boolean() }).optional(),
  })
  .superRefine((r, ctx) => {
    const isExecute = 'id' in r.action_parameters;
    if ((r.action === 'execute') !== isExecute) {
      ctx.addIssue({
        code: 'custom',
        path: ['action_parameters'],
        message:
          r.action === 'execute'
            ? 'an execute rule needs action_parameters.id (the managed ruleset to run)'
            : "a skip rule needs action_parameters.ruleset = 'current'",
      });
    }
  });

/** Body of `PUT …/rulesets/phases/http_request_firewall_managed/entrypoint`. */
export const newConfigurationSchema = z.strictObject({
  name: z.string().min(1).max(100),
  description: z.string().max(500).optional(),
  rules: z.array(newRuleSchema).max(1000),
  id: z.string().optional(),
  kind: z.literal('zone').optional(),
  phase: z.literal('http_request_firewall_managed').optional(),
  version: z.string().optional(),
  last_updated: z.string().optional(),
});

export type NewConfigurationInput = z.infer<typeof newConfigurationSchema>;

/** Turns a zod issue path into a JSON pointer (`/rules/0/action`), as the rulesets API reports it. */
export function issuePointer(path: readonly PropertyKey[]): string {
  return '/' + path.map((p) => String(p)).join('/');
}
