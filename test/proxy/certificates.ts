/**
 * Certificates for the tier's TLS tests, made with the openssl command (Debian's
 * openssl package) in a directory of the test's: a private root CA, an
 * intermediate CA under it, leaves signed by the intermediate for any name
 * (their PEM followed by the intermediate's: the chain a server sends), and
 * self-signed leaves. EC P-256 keys, valid for two days.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Why the TLS tests cannot run here (no openssl command), or false. Under CI a missing openssl throws. */
export function opensslSkipReason(): string | false {
  const version = spawnSync('openssl', ['version'], { encoding: 'utf8' });
  if (version.status === 0) return false;
  if (process.env.CI) throw new Error('the openssl command is required under CI (apt-get install openssl)');
  return 'the openssl command is missing (apt-get install openssl)';
}

export interface KeyPair {
  key: string;
  /** The certificate, then the intermediate's for a leaf it signed. */
  cert: string;
}

export interface Certificates {
  /** The private root CA's certificate file (what KHOUNTOUS_API_CA names). */
  rootFile: string;
  /** A leaf for `name`, signed by the intermediate. */
  signed(name: string): KeyPair;
  /** A leaf for `name` signed by itself. */
  selfSigned(name: string): KeyPair;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function makeCertificates(dir: string): Certificates {
  let serial = 1000;
  const openssl = (...args: string[]) => {
    const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`openssl ${args.join(' ')}:\n${result.stderr}`);
  };
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const signBy = (ca: string, name: string, extensions: string) => {
    writeFileSync(join(dir, `${name}.ext`), extensions);
    openssl('req', '-new', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-set_serial',
      String((serial += 1)),
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    );
  };
  openssl(
    'req',
    '-x509',
    '-new',
    ...EC,
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Khountous test root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  signBy(
    'root',
    'intermediate',
    'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n',
  );
  let leaves = 0;
  return {
    rootFile: join(dir, 'root.pem'),
    signed(name) {
      const file = `leaf-${(leaves += 1)}`;
      signBy(
        'intermediate',
        file,
        `subjectAltName=DNS:${name}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n`,
      );
      return { key: read(`${file}.key`), cert: read(`${file}.pem`) + read('intermediate.pem') };
    },
    selfSigned(name) {
      const file = `self-${(leaves += 1)}`;
      openssl(
        'req',
        '-x509',
        '-new',
        ...EC,
        '-keyout',
        `${file}.key`,
        '-out',
        `${file}.pem`,
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
        '-addext',
        `subjectAltName=DNS:${name}`,
      );
      return { key: read(`${file}.key`), cert: read(`${file}.pem`) };
    },
  };
}
