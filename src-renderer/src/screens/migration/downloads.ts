import type { MigrationView } from '../../../../src-preload/contract/migration';

/** Offers `data` as a JSON file download (a Blob URL; nothing leaves the machine). */
function download(name: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2) + '\n'], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the previous configuration and the new one (as it will be deployed) before the irreversible step. */
export function saveConfigurations(view: MigrationView): void {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const zone = view.zone.name;
  download(`${zone}-previous-waf-${stamp}.json`, { zone: view.zone, savedAt: new Date().toISOString(), previous: view.state.legacy });
  download(`${zone}-new-entrypoint-${stamp}.json`, { zone: view.zone, savedAt: new Date().toISOString(), phase: 'http_request_firewall_managed', configuration: view.state.adjusted ?? view.state.config });
}
