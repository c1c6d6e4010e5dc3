import { describe, expect, it } from 'vitest';
import { validateAgainst } from '../validate-nfe.js';
import { soapContentType, soapEnvelope, soapResult, SoapAnswerError } from './soap.js';
import { consStatServXml, statusMessage } from './service-status.js';
import { compressExchange, decompressXml } from './audit.js';

const status = { service: 'NFeStatusServico4', method: 'nfeStatusServicoNF' } as const;

describe('the SOAP 1.2 envelope', () => {
  it('wraps the status request as the web-service contract shows it', () => {
    const message = consStatServXml('SP', 'HOMOLOGATION');
    expect(message).toBe(
      '<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">' +
        '<tpAmb>2</tpAmb><cUF>35</cUF><xServ>STATUS</xServ></consStatServ>',
    );
    expect(validateAgainst('consStatServ_v4.00.xsd', message)).toEqual({ valid: true, errors: [] });
    expect(consStatServXml('MG', 'PRODUCTION')).toContain('<tpAmb>1</tpAmb><cUF>31</cUF>');

    expect(soapEnvelope(status, message)).toBe(
      '<?xml version="1.0" encoding="utf-8"?>' +
        '<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>' +
        '<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">' +
        message +
        '</nfeDadosMsg></soap12:Body></soap12:Envelope>',
    );
    expect(soapContentType(status)).toBe(
      'application/soap+xml; charset=utf-8; ' +
        'action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/nfeStatusServicoNF"',
    );
  });
});

describe('the answer', () => {
  const ret =
    '<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb>' +
    '<verAplic>SP_NFE_PL009_V4</verAplic><cStat>107</cStat><xMotivo>Serviço em Operação</xMotivo>' +
    '<cUF>35</cUF><dhRecbto>2026-11-26T10:00:00-03:00</dhRecbto><tMed>1</tMed></retConsStatServ>';

  it('takes the result out of the envelope, whatever prefixes the authoriser uses', () => {
    const answer =
      '<?xml version="1.0" encoding="utf-8"?><env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope">' +
      '<env:Header/><env:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">' +
      ret +
      '</nfeResultMsg></env:Body></env:Envelope>';
    const result = soapResult(answer);
    expect(result.element.localName).toBe('retConsStatServ');
    expect(result.xml).toBe(ret);
    expect(validateAgainst('retConsStatServ_v4.00.xsd', result.xml).valid).toBe(true);
  });

  it('reports a SOAP Fault with its text, and what is no envelope', () => {
    const fault =
      '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault>' +
      '<soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code>' +
      '<soap:Reason><soap:Text>Server was unable to process request</soap:Text></soap:Reason>' +
      '</soap:Fault></soap:Body></soap:Envelope>';
    expect(() => soapResult(fault)).toThrow(/unable to process request/);
    expect(() => soapResult('<html><body>502 Bad Gateway</body></html>')).toThrow(SoapAnswerError);
    expect(() => soapResult('not xml at all <')).toThrow(SoapAnswerError);
  });

  it('says the pt-BR message of a code from the status table', () => {
    expect(statusMessage('107')).toBe('Serviço em Operação');
    expect(statusMessage('109')).toBe('Serviço Paralisado sem Previsão');
    expect(statusMessage('9999', 'Motivo novo')).toBe('Motivo novo');
  });

  it('keeps a request and its answer compressed for audit, and gives them back', () => {
    const exchange = { url: 'https://x/NFeStatusServico4', requestXml: ret, responseXml: ret };
    const compressed = compressExchange(exchange);
    expect(compressed.request[0]).toBe(0x1f); // gzip's magic number
    expect(decompressXml(compressed.request)).toBe(ret);
    expect(decompressXml(compressed.response!)).toBe(ret);
    expect(compressExchange({ ...exchange, responseXml: null }).response).toBeNull();
  });
});
