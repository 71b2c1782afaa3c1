// The merchant's signature over a certification folder's manifest: a detached CMS (PKCS#7) SignedData in PEM,
// made with node-forge by the merchant's X-Sign RSA key, the public key carried in a self-signed certificate
// inside it. Common tools check it (`openssl cms -verify -binary -inform PEM -in manifest.sha256.p7s -content
// manifest.sha256 -noverify`); verifyDetachedSignature checks it here, without shelling out, and gives the signer's
// public key for the provider to compare with the one it holds. The manifest lists every file's sha256, so the
// signature covers the whole folder.
import { createHash, createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;
const OID = {
  data: pki.oids.data,
  signedData: pki.oids.signedData,
  contentType: pki.oids.contentType,
  messageDigest: pki.oids.messageDigest,
  signingTime: pki.oids.signingTime,
  sha256: pki.oids.sha256,
  rsaEncryption: pki.oids.rsaEncryption,
  sha256WithRSAEncryption: pki.oids.sha256WithRSAEncryption,
};

/** Subject and issuer of the self-signed certificate: it only carries the key, the provider trusts the key it holds. */
const SUBJECT = [{ name: 'commonName', value: 'Payment Transfer Service merchant X-Sign key' }];

/** A detached CMS signature of `content` by `privateKeyPem` (PKCS#1 or PKCS#8 RSA), PEM. */
export function signDetached(content: Buffer, privateKeyPem: string, now = new Date()): string {
  const key = pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const cert = pki.createCertificate();
  cert.publicKey = pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`; // positive
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600_000);
  cert.setSubject(SUBJECT);
  cert.setIssuer(SUBJECT);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());

  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(content.toString('binary'));
  p7.addCertificate(cert);
  p7.addSigner({
    key,
    certificate: cert,
    digestAlgorithm: OID.sha256,
    // In DER order (a SET OF sorts by encoding: these lengths 24, 28, 47 bytes), as verifiers re-encode it.
    authenticatedAttributes: [
      { type: OID.contentType, value: OID.data },
      { type: OID.signingTime, value: now as unknown as string },
      { type: OID.messageDigest },
    ],
  });
  p7.sign({ detached: true });
  return forge.pkcs7.messageToPem(p7);
}

interface SignatureCheck {
  /** Why the signature does not hold (empty when it does). */
  problems: string[];
  /** The signer certificate's public key, when the signature holds. */
  signerKey?: KeyObject;
  /** The signingTime attribute, ISO 8601, when present. */
  signingTime?: string;
}

type Node = forge.asn1.Asn1;

/** Checks a detached CMS SignedData (PEM) over `content`: one signer, sha256, its attributes and RSA signature. */
export function verifyDetachedSignature(content: Buffer, pem: string): SignatureCheck {
  try {
    return verifyParsed(content, pem);
  } catch (e) {
    // A structure other than the one expected (a field missing, another type): forge's nodes do not say which.
    return { problems: [`the signature is not a well-formed CMS SignedData (${(e as Error).message})`] };
  }
}

function verifyParsed(content: Buffer, pem: string): SignatureCheck {
  let msg: forge.pkcs7.PkcsSignedData & { rawCapture?: { signerInfos?: Node[] } };
  try {
    // `PKCS7` (forge) or `CMS` (openssl): the same DER under either PEM label.
    const block = forge.pem.decode(pem).find((b) => b.type === 'PKCS7' || b.type === 'CMS');
    if (!block) return { problems: ['the signature file holds no PEM block labelled PKCS7 or CMS'] };
    const parsed = forge.pkcs7.messageFromAsn1(asn1.fromDer(block.body));
    if ((parsed as { type?: string }).type !== OID.signedData) return { problems: ['the signature file is not a CMS SignedData'] };
    msg = parsed as typeof msg;
  } catch (e) {
    return { problems: [`the signature file is not a readable CMS signature (${(e as Error).message})`] };
  }
  const signers = msg.rawCapture?.signerInfos ?? [];
  if (signers.length !== 1) return { problems: [`the signature has ${signers.length} signers, expected 1`] };
  const fields = signers[0].value as Node[];
  const serial = forge.util.bytesToHex((fields[1].value as Node[])[1].value as string);
  const digestOid = asn1.derToOid((fields[2].value as Node[])[0].value as string);
  const attrs = fields[3]?.tagClass === asn1.Class.CONTEXT_SPECIFIC && fields[3].type === 0 ? fields[3] : undefined;
  const rest = fields.slice(attrs ? 4 : 3);
  const sigAlg = asn1.derToOid((rest[0].value as Node[])[0].value as string);
  const signature = Buffer.from(rest[1].value as string, 'binary');

  if (digestOid !== OID.sha256) return { problems: [`the signature's digest algorithm is ${digestOid}, expected sha256`] };
  if (sigAlg !== OID.rsaEncryption && sigAlg !== OID.sha256WithRSAEncryption) return { problems: [`the signature algorithm ${sigAlg} is not RSA`] };
  if (!attrs) return { problems: ['the signature has no signed attributes (content type, message digest)'] };
  const cert = msg.certificates.find((c) => c.serialNumber.replace(/^0+/, '') === serial.replace(/^0+/, ''));
  if (!cert) return { problems: ["the signature does not carry its signer's certificate"] };

  const problems: string[] = [];
  let signingTime: string | undefined;
  const seen = new Map<string, Node>();
  for (const attr of attrs.value as Node[]) {
    const [type, values] = attr.value as Node[];
    seen.set(asn1.derToOid(type.value as string), (values.value as Node[])[0]);
  }
  const contentType = seen.get(OID.contentType);
  if (!contentType || asn1.derToOid(contentType.value as string) !== OID.data) problems.push('the signed content type is not data');
  const digest = seen.get(OID.messageDigest);
  const actual = createHash('sha256').update(content).digest();
  if (!digest || !Buffer.from(digest.value as string, 'binary').equals(actual))
    problems.push('the manifest is not the one signed (its sha256 differs from the signed digest)');
  const time = seen.get(OID.signingTime);
  if (time)
    signingTime = (time.type === asn1.Type.UTCTIME ? asn1.utcTimeToDate(time.value as string) : asn1.generalizedTimeToDate(time.value as string)).toISOString();

  // The signature is over the DER of the attributes as a SET (the [0] IMPLICIT tag replaced).
  const signed = Buffer.from(asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attrs.value as Node[])).getBytes(), 'binary');
  const signerKey = createPublicKey(pki.publicKeyToPem(cert.publicKey));
  if (!verify('sha256', signed, signerKey, signature)) problems.push("the RSA signature does not verify with the signer certificate's key");
  return problems.length ? { problems, signingTime } : { problems, signerKey, signingTime };
}

/** Whether two public keys are the same key (their SubjectPublicKeyInfo DER). */
export function sameKey(a: KeyObject, b: KeyObject): boolean {
  return a.export({ type: 'spki', format: 'der' }).equals(b.export({ type: 'spki', format: 'der' }));
}

/** sha256 of a public key's SubjectPublicKeyInfo DER, hex: how the provider names the key it compared. */
export function keyFingerprint(key: KeyObject): string {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}
