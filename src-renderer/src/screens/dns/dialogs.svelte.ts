import type { DnsBulkAction, DnsBulkPreview, DnsImportPreview, DnsJournalEntry, DnsMutationResult, DnsRow, DnsUndoResult } from '../../../../src-preload/contract/dns';
import type { Result } from '../../../../src-preload/contract';
import { api } from '../../lib/bridge';

type ZoneId = () => string | null;

/** What the dialogs that change records share: open/busy/error, and one way to run the change. */
abstract class MutationDialog {
  open = $state(false);
  busy = $state(false);
  error = $state<string | null>(null);

  constructor(
    protected readonly zoneId: ZoneId,
    private readonly onDone: (r: DnsMutationResult) => void,
  ) {}

  /** Runs the change once (ignored while one is running): success closes the dialog, failure shows why. */
  protected async submit(call: (zoneId: string) => Promise<Result<DnsMutationResult>>): Promise<void> {
    const zoneId = this.zoneId();
    if (!zoneId || this.busy) return;
    this.busy = true;
    const result = await call(zoneId);
    this.busy = false;
    if (!result.ok) {
      this.error = result.error.message;
      return;
    }
    this.open = false;
    this.onDone(result.value);
  }
}

/** Delete with a confirmation that names the record(s). */
export class DeleteState extends MutationDialog {
  rows = $state.raw<DnsRow[]>([]);

  ask(rows: DnsRow[]): void {
    if (rows.length === 0) return;
    this.rows = rows;
    this.error = null;
    this.open = true;
  }

  confirm(): Promise<void> {
    return this.submit((zoneId) => api.dns.deleteRecords({ zoneId, ids: this.rows.map((r) => r.id) }));
  }
}

/** Bulk TTL / proxy / delete: a preview from main first, then one atomic batch. */
export class BulkState extends MutationDialog {
  preview = $state.raw<DnsBulkPreview | null>(null);
  ids: string[] = [];

  async start(ids: string[], action: DnsBulkAction): Promise<void> {
    const zoneId = this.zoneId();
    if (!zoneId || ids.length === 0) return;
    this.ids = ids;
    this.error = null;
    this.preview = null;
    this.open = true;
    this.busy = true;
    const result = await api.dns.previewBulk({ zoneId, ids, action });
    this.busy = false;
    if (!result.ok) this.error = result.error.message;
    else this.preview = result.value;
  }

  async apply(): Promise<void> {
    const preview = this.preview;
    if (!preview) return;
    await this.submit((zoneId) => api.dns.applyBulk({ zoneId, ids: this.ids, action: preview.action }));
  }
}

/** BIND import: the renderer reads the chosen file's text; main parses and compares with the zone. */
export class ImportState extends MutationDialog {
  fileName = $state('');
  text = $state('');
  proxied = $state(false);
  preview = $state.raw<DnsImportPreview | null>(null);
  #seq = 0;

  start(): void {
    this.fileName = '';
    this.text = '';
    this.preview = null;
    this.error = null;
    this.proxied = false;
    this.open = true;
  }

  async load(file: File): Promise<void> {
    if (file.size > 256 * 1024) {
      this.error = `${file.name} is ${Math.ceil(file.size / 1024)} KiB; zone files are limited to 256 KiB.`;
      return;
    }
    this.fileName = file.name;
    this.text = await file.text();
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const zoneId = this.zoneId();
    if (!zoneId || !this.text) return;
    const seq = ++this.#seq;
    this.busy = true;
    this.error = null;
    const result = await api.dns.previewImport({ zoneId, text: this.text, proxied: this.proxied });
    if (seq !== this.#seq) return;
    this.busy = false;
    if (!result.ok) this.error = result.error.message;
    else this.preview = result.value;
  }

  async apply(): Promise<void> {
    const preview = this.preview;
    if (!preview) return;
    await this.submit((zoneId) =>
      api.dns.applyImport({ zoneId, text: this.text, proxied: this.proxied, skipInvalid: preview.invalid.length > 0 }),
    );
  }
}

/** The change journal of the zone, and undo (one entry, or the last N). */
export class JournalState {
  open = $state(false);
  entries = $state.raw<DnsJournalEntry[]>([]);
  loading = $state(false);
  busy = $state(false);
  error = $state<string | null>(null);
  message = $state<string | null>(null);

  constructor(private readonly zoneId: ZoneId, private readonly onUndo: (r: DnsUndoResult) => void) {}

  async show(): Promise<void> {
    this.open = true;
    this.error = null;
    this.message = null;
    await this.load();
  }

  async load(): Promise<void> {
    const zoneId = this.zoneId();
    if (!zoneId) return;
    this.loading = true;
    const result = await api.dns.listJournal({ zoneId });
    this.loading = false;
    if (!result.ok) this.error = result.error.message;
    else this.entries = result.value;
  }

  async undo(which: { entryId: number } | { last: number }): Promise<void> {
    const zoneId = this.zoneId();
    if (!zoneId || this.busy) return;
    this.busy = true;
    this.error = null;
    this.message = null;
    const result = await api.dns.undo({ zoneId, ...which });
    this.busy = false;
    if (!result.ok) {
      this.error = result.error.message;
      return;
    }
    const r = result.value;
    if (r.undoneIds.length > 0) {
      this.message = `Undid ${r.undoneIds.length} change${r.undoneIds.length === 1 ? '' : 's'}.`;
    }
    if (r.conflict) this.error = r.conflict.message;
    this.onUndo(r);
    await this.load();
  }
}
