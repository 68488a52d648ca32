import type { LegacyActionMode, LegacySensitivity } from './types';

export type ParanoiaLevel = 'PL1' | 'PL2';
export type ScoreThreshold = 'medium' | 'high';

export interface SensitivityMapping {
  paranoiaLevel: ParanoiaLevel;
  scoreThreshold: ScoreThreshold;
  scoreThresholdValue: 40 | 25;
}

/** The spec's sensitivity table: old OWASP sensitivity → new paranoia level and score threshold. */
const SENSITIVITY_TABLE: Record<LegacySensitivity, SensitivityMapping> = {
  high: { paranoiaLevel: 'PL2', scoreThreshold: 'medium', scoreThresholdValue: 40 },
  medium: { paranoiaLevel: 'PL1', scoreThreshold: 'high', scoreThresholdValue: 25 },
  low: { paranoiaLevel: 'PL1', scoreThreshold: 'medium', scoreThresholdValue: 40 },
  default: { paranoiaLevel: 'PL2', scoreThreshold: 'medium', scoreThresholdValue: 40 },
};

/** Maps an old OWASP sensitivity to the new paranoia level and score threshold (spec table). */
export function mapSensitivity(old: LegacySensitivity): SensitivityMapping {
  return SENSITIVITY_TABLE[old];
}

/** New-version action for the old OWASP action mode: direct, except Simulate becomes Log. */
export function mapAction(old: LegacyActionMode): 'log' | 'block' | 'challenge' {
  return old === 'simulate' ? 'log' : old;
}

/** Paranoia-level categories of the OWASP core ruleset that a level disables (PL1 keeps only level 1). */
export function disabledParanoiaCategories(level: ParanoiaLevel): string[] {
  return level === 'PL1'
    ? ['paranoia-level-2', 'paranoia-level-3', 'paranoia-level-4']
    : ['paranoia-level-3', 'paranoia-level-4'];
}

/** Readable label of a sensitivity mapping, e.g. "PL2, score threshold Medium (40 or higher)". */
export function describeSensitivity(m: SensitivityMapping): string {
  const label = m.scoreThreshold === 'high' ? 'High' : 'Medium';
  return `${m.paranoiaLevel}, score threshold ${label} (${m.scoreThresholdValue} or higher)`;
}
