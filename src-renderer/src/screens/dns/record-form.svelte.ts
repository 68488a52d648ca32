import type { DnsFieldIssue, DnsMutationResult, DnsRecordType, DnsRow, DnsWarning } from '../../../../src-preload/contract/dns';
import { api } from '../../lib/bridge';
import { idSet, withId } from './logic/selection';
import { changeType, emptyForm, formFromRecord, formToInput, issuesByField, issuesFromDetails, type FormValues, type TypeSpecs } from './logic/record-form';

/**
 * The create/edit form: values as typed, validation through main on every change (the shared
 * rules module, with the whole zone for conflicts and CNAME chains), and the service's own
 * errors placed at the field they name when a save fails.
 */
export class RecordFormState {
  open = $state(false);
  mode = $state<'create' | 'edit'>('create');
  recordId = $state<string | null>(null);
  values = $state<FormValues>({ type: 'A', name: '', content: '', priority: '', data: {}, proxied: false, ttl: 1, comment: '', tags: '' });
  issues = $state.raw<DnsFieldIssue[]>([]);
  serverIssues = $state.raw<DnsFieldIssue[]>([]);
  warnings = $state.raw<DnsWarning[]>([]);
  /** Fields the user has edited: their issues show at once; the rest after a save attempt. */
  touched = $state.raw<ReadonlySet<string>>(idSet());
  attempted = $state(false);
  saving = $state(false);
  error = $state<string | null>(null);
  /** The CNAME-chain warning was shown on save; the next save goes ahead. */
  warningAcknowledged = $state(false);
  #seq = 0;

  messages = $derived(issuesByField(this.serverIssues, this.issues));

  constructor(
    private readonly deps: {
      zoneId: () => string | null;
      zoneName: () => string;
      specs: () => TypeSpecs | null;
      onSaved: (result: DnsMutationResult, verb: string) => void;
    },
  ) {}

  openCreate(type: DnsRecordType = 'A'): void {
    const specs = this.deps.specs();
    if (!specs) return;
    this.#reset('create', null, emptyForm(type, specs));
  }

  openEdit(row: DnsRow): void {
    const specs = this.deps.specs();
    if (!specs) return;
    this.#reset('edit', row.id, formFromRecord(row, this.deps.zoneName(), specs));
    void this.validate();
  }

  #reset(mode: 'create' | 'edit', recordId: string | null, values: FormValues): void {
    this.mode = mode;
    this.recordId = recordId;
    this.values = values;
    this.issues = [];
    this.serverIssues = [];
    this.warnings = [];
    this.touched = idSet();
    this.attempted = false;
    this.error = null;
    this.warningAcknowledged = false;
    this.saving = false;
    this.open = true;
  }

  close(): void {
    this.open = false;
  }

  setType(type: DnsRecordType): void {
    const specs = this.deps.specs();
    if (!specs) return;
    this.values = changeType(this.values, type, specs);
    this.touch('type');
  }

  /** Sets a top-level value from an input and validates. */
  set<K extends 'name' | 'content' | 'priority' | 'comment' | 'tags'>(field: K, value: string): void {
    this.values[field] = value;
    this.touch(field);
  }

  setData(key: string, value: string): void {
    this.values.data[key] = value;
    this.touch(`data.${key}`);
  }

  setProxied(on: boolean): void {
    this.values.proxied = on;
    this.touch('proxied');
  }

  setTtl(ttl: number): void {
    this.values.ttl = ttl;
    this.touch('ttl');
  }

  /** Fills name and content from an email-record builder (SPF, DKIM, DMARC). */
  fill(record: { name: string; content: string }): void {
    this.values.name = record.name;
    this.values.content = record.content;
    this.touch('name');
    this.touch('content');
  }

  /** A field changed: remember it, drop the service's stale error there, validate again. */
  touch(field: string): void {
    if (!this.touched.has(field)) this.touched = withId(this.touched, field);
    if (this.serverIssues.some((i) => i.field === field || i.field.startsWith(`${field}.`))) {
      this.serverIssues = this.serverIssues.filter((i) => i.field !== field && !i.field.startsWith(`${field}.`));
    }
    this.warningAcknowledged = false;
    void this.validate();
  }

  /** The message to show at `field` (only once touched or after a save attempt). */
  messageFor(field: string): string | undefined {
    const message = this.messages[field];
    if (!message) return undefined;
    const base = field.split('.')[0] ?? field;
    return this.attempted || this.touched.has(field) || this.touched.has(base) || this.serverIssues.some((i) => i.field === field) ? message : undefined;
  }

  /** Issues that belong to no visible field (e.g. a bare `data` problem), shown above the buttons. */
  otherMessages(visibleFields: readonly string[]): string[] {
    return Object.entries(this.messages)
      .filter(([field]) => !visibleFields.includes(field))
      .filter(([field]) => this.attempted || this.touched.size > 0 || field === 'form')
      .map(([, m]) => m);
  }

  async validate(): Promise<boolean> {
    const zoneId = this.deps.zoneId();
    const specs = this.deps.specs();
    if (!zoneId || !specs) return false;
    const seq = ++this.#seq;
    const result = await api.dns.validateRecord({ zoneId, input: formToInput(this.values, specs), ...(this.recordId ? { recordId: this.recordId } : {}) });
    if (seq !== this.#seq) return false; // a newer keystroke's answer wins
    if (!result.ok) {
      this.error = result.error.message;
      return false;
    }
    this.issues = result.value.issues;
    this.warnings = result.value.warnings;
    return result.value.ok;
  }

  async save(): Promise<void> {
    const zoneId = this.deps.zoneId();
    const specs = this.deps.specs();
    if (!zoneId || !specs || this.saving) return;
    this.attempted = true;
    this.error = null;
    const valid = await this.validate();
    if (!valid) return;
    if (this.warnings.length > 0 && !this.warningAcknowledged) {
      this.warningAcknowledged = true; // shown now; saving again confirms
      return;
    }
    this.saving = true;
    const input = formToInput(this.values, specs);
    const result = this.recordId
      ? await api.dns.updateRecord({ zoneId, recordId: this.recordId, input })
      : await api.dns.createRecord({ zoneId, input });
    this.saving = false;
    if (!result.ok) {
      this.serverIssues = issuesFromDetails(result.error.details);
      this.error = this.serverIssues.length > 0 ? 'The service refused the record — see the highlighted field.' : result.error.message;
      return;
    }
    this.open = false;
    this.deps.onSaved(result.value, this.mode === 'create' ? 'Created' : 'Saved');
  }
}
