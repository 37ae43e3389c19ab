import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface SecretsFile {
  host_token_secret: string;
}

function isSecretsFile(value: unknown): value is SecretsFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).host_token_secret === 'string' &&
    ((value as Record<string, unknown>).host_token_secret as string).length >= 32
  );
}

/**
 * Secrets not given by configuration are generated on first run into the data folder
 * (DESIGN §1), readable by the owner only, and reused on every later start.
 */
export function loadOrCreateSecrets(dataDir: string): SecretsFile {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!isSecretsFile(parsed))
      throw new Error(`${file} is not a valid secrets file; delete it to regenerate`);
    return parsed;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets: SecretsFile = { host_token_secret: randomBytes(32).toString('base64url') };
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
}
