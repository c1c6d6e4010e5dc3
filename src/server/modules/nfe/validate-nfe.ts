import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlError,
  XmlLibError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { projectRoot } from '../../project-root.js';

export interface SchemaValidation {
  valid: boolean;
  /** libxml2's messages, one per problem: the element, the rule it broke, the expected content. */
  errors: string[];
}

/** Where the shipped PL_010d schema set lives (see schemas/PROVENANCE.txt). */
const schemaDir = path.join(projectRoot, 'src/server/modules/nfe/schemas/PL_010d');
/** The name under which libxml2 sees the schemas; their includes resolve against it. */
const schemaUrlBase = 'nfe-schemas/';

let schemasRegistered = false;
const validators = new Map<string, XsdValidator>();

/**
 * Compiling the schema set takes about a quarter of a second, validating one document about a
 * millisecond; so each entry point is compiled once per process, on first use. libxml2 reads the
 * schemas (and their includes) from memory: no file system or network access is given to it, so
 * a document being validated cannot make it load anything.
 */
function validatorFor(entryPoint: string): XsdValidator {
  const cached = validators.get(entryPoint);
  if (cached) return cached;
  if (!schemasRegistered) {
    const buffers: Record<string, Uint8Array> = {};
    for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.xsd'))) {
      buffers[schemaUrlBase + file] = readFileSync(path.join(schemaDir, file));
    }
    xmlRegisterInputProvider(new XmlBufferInputProvider(buffers));
    schemasRegistered = true;
  }
  const url = schemaUrlBase + entryPoint;
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(path.join(schemaDir, entryPoint)), { url });
  try {
    const validator = XsdValidator.fromDoc(schemaDoc);
    validators.set(entryPoint, validator);
    return validator;
  } finally {
    schemaDoc.dispose();
  }
}

/**
 * Any document against one entry point of the shipped set (e.g. `consStatServ_v4.00.xsd`): the
 * SEFAZ double checks what the client sends with it.
 */
export function validateAgainst(entryPoint: string, xml: string): SchemaValidation {
  const validator = validatorFor(entryPoint);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    if (error instanceof XmlError) return { valid: false, errors: messagesOf(error) };
    throw error;
  }
  try {
    validator.validate(doc);
    return { valid: true, errors: [] };
  } catch (error) {
    if (error instanceof XmlError) return { valid: false, errors: messagesOf(error) };
    throw error;
  } finally {
    doc.dispose();
  }
}

function messagesOf(error: XmlError): string[] {
  const details = error instanceof XmlLibError ? error.details : [];
  const messages = details.map((detail) => detail.message.trim()).filter(Boolean);
  return messages.length > 0 ? messages : [error.message.trim()];
}

/** One NF-e (`<NFe>`, signed) against nfe_v4.00.xsd: what the server checks before storing it. */
export function validateNfe(xml: string): SchemaValidation {
  return validateAgainst('nfe_v4.00.xsd', xml);
}

/** An NF-e with its authorization protocol (`<nfeProc>`) against procNFe_v4.00.xsd. */
export function validateNfeProc(xml: string): SchemaValidation {
  return validateAgainst('procNFe_v4.00.xsd', xml);
}
