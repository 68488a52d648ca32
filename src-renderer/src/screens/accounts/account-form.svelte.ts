import {
  baseUrlSchema,
  emailSchema,
  profileNameSchema,
  secretSchema,
  type AccountProfile,
  type ConnectionTestResult,
  type CredentialKind,
} from '../../../../src-preload/contract/accounts';
import { api } from '../../lib/bridge';

type Field = 'name' | 'baseUrl' | 'email' | 'secret';
type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } };

function check(schema: Schema, value: string): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error?.issues[0]?.message;
}

/** Maps a server field path (`credential.email`) to the form's field. */
const FIELD_OF: Record<string, Field> = { name: 'name', baseUrl: 'baseUrl', 'credential.email': 'email', 'credential.secret': 'secret', 'draft.baseUrl': 'baseUrl' };

/**
 * The add / edit account form: values, inline validation with the contract's own schemas (the
 * same rules main applies), server-side errors mapped back to fields, and a draft connection test.
 * The secret is held only while the form is open and cleared on submit.
 */
export class AccountForm {
  readonly editing: AccountProfile | undefined;
  name = $state('');
  baseUrl = $state('https://');
  kind = $state<CredentialKind>('token');
  email = $state('');
  secret = $state('');
  touched = $state<Record<Field, boolean>>({ name: false, baseUrl: false, email: false, secret: false });
  serverErrors = $state<Partial<Record<Field, string>>>({});
  formError = $state<string | undefined>();
  submitting = $state(false);
  testing = $state(false);
  testResult = $state<ConnectionTestResult | undefined>();

  constructor(editing?: AccountProfile) {
    this.editing = editing;
    if (editing) {
      this.name = editing.name;
      this.baseUrl = editing.baseUrl;
      this.kind = editing.kind;
      this.email = editing.email ?? '';
    }
  }

  get isSandbox(): boolean {
    return this.editing?.isSandbox ?? false;
  }

  /** Editing keeps the stored secret unless a new one is typed (or the kind changes). */
  get secretRequired(): boolean {
    return !this.editing || this.kind !== this.editing.kind || (this.kind === 'key' && this.email.trim() !== (this.editing.email ?? ''));
  }

  errors = $derived.by((): Partial<Record<Field, string>> => {
    const e: Partial<Record<Field, string>> = {};
    e.name = check(profileNameSchema, this.name);
    if (!this.editing) e.baseUrl = check(baseUrlSchema, this.baseUrl);
    if (!this.isSandbox) {
      if (this.kind === 'key') e.email = check(emailSchema, this.email);
      if (this.secretRequired || this.secret !== '') e.secret = check(secretSchema, this.secret);
    }
    return e;
  });

  /** The message to show under a field: after it was touched, or a server error. */
  errorFor(field: Field): string | undefined {
    return this.serverErrors[field] ?? (this.touched[field] ? this.errors[field] : undefined);
  }

  get valid(): boolean {
    return Object.values(this.errors).every((e) => e === undefined);
  }

  edit(field: Field): void {
    const { [field]: _cleared, ...rest } = this.serverErrors;
    void _cleared;
    this.serverErrors = rest;
    this.testResult = undefined;
  }

  touchAll(): void {
    this.touched = { name: true, baseUrl: true, email: true, secret: true };
  }

  #credential() {
    return this.kind === 'key' ? { kind: 'key' as const, email: this.email, secret: this.secret } : { kind: 'token' as const, secret: this.secret };
  }

  #apply(error: { code: string; message: string; details?: unknown }): void {
    const issues = (error.details as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues ?? [];
    const mapped: Partial<Record<Field, string>> = {};
    for (const issue of issues) {
      const field = FIELD_OF[issue.path];
      if (field) mapped[field] ??= issue.message;
    }
    this.serverErrors = mapped;
    this.formError = Object.keys(mapped).length > 0 ? undefined : error.message;
  }

  /** Tests the typed values (or, editing without a new secret, the stored account). */
  async test(): Promise<void> {
    this.testResult = undefined;
    this.formError = undefined;
    const usesStored = this.editing && this.secret === '' && !this.secretRequired;
    if (!usesStored) {
      this.touchAll();
      const blocking = this.errors.baseUrl ?? this.errors.email ?? this.errors.secret;
      if (blocking) return;
    }
    this.testing = true;
    try {
      const result = usesStored && this.editing
        ? await api.accounts.testConnection({ id: this.editing.id })
        : await api.accounts.testConnection({ draft: { baseUrl: this.baseUrl, credential: this.#credential() } });
      if (result.ok) this.testResult = result.value;
      else this.#apply(result.error);
    } finally {
      this.testing = false;
    }
  }

  /** Saves: add, or rename + (when typed) replace the secret. Resolves the saved profile, or undefined on error. */
  async submit(): Promise<AccountProfile | undefined> {
    this.touchAll();
    this.formError = undefined;
    if (!this.valid) return undefined;
    this.submitting = true;
    try {
      if (!this.editing) {
        const r = await api.accounts.add({ name: this.name, baseUrl: this.baseUrl, credential: this.#credential() });
        if (!r.ok) return void this.#apply(r.error);
        this.secret = '';
        return r.value;
      }
      let saved = this.editing;
      if (this.name.trim() !== this.editing.name) {
        const r = await api.accounts.rename({ id: this.editing.id, name: this.name });
        if (!r.ok) return void this.#apply(r.error);
        saved = r.value;
      }
      if (!this.isSandbox && this.secret !== '') {
        const r = await api.accounts.setSecret({ id: this.editing.id, credential: this.#credential() });
        if (!r.ok) return void this.#apply(r.error);
        saved = r.value;
      }
      this.secret = '';
      return saved;
    } finally {
      this.submitting = false;
    }
  }
}
