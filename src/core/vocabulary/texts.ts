/** Error texts the broker uses, `<Category> : <detail>`; both sides of the wire refer to these. */
export const BROKER_TEXTS = {
  wrongPassword: 'Invalid Input : Wrong Password',
  invalidAppKey: 'Invalid Input : Invalid App Key',
  invalidVendorCode: 'Invalid Input : Invalid Vendor code',
  invalidUser: 'Invalid Input : Invalid User',
  invalidOtp: 'Invalid Input : Invalid OTP',
  wrongPanDob: 'Invalid Input : Wrong PAN/DOB',
  invalidSessionKey: 'Invalid Session Key',
  sessionExpired: 'Session Expired : Invalid Session Key',
  invalidTradingSymbol: 'Invalid Input : Invalid Trading Symbol',
  noData: 'Error Occurred : 5 "no data"',
  invalidInput: 'Error Occurred : 2 "invalid input"',
  notStrings: 'Invalid Input : One or more input parameters are not in string format',
  notJsonObject: 'Invalid Input : Request body is not a valid JSON object',
  limitsInvalidJKey: 'jKey parameter is invalid',
  rateLimited: 'Error Occurred : rate limit exceeded, please retry later',
  unknownRequest: 'Error Occurred : 1 "unknown request"',
  notOpenToCancel: 'SAF:order is not open to cancel',
  notOpenToModify: 'SAF:order is not open to modify',
  modifyInstrument: 'SAF:order instrument cannot be modified',
  modifyBelowFilled: 'SAF:modified quantity is not above the filled quantity',
} as const;

/** `Invalid Input : <fields> is Missing.`, the broker's form for absent mandatory fields. */
export function missingFieldsText(fields: readonly string[]): string {
  return `Invalid Input : ${fields.join(' or ')} is Missing.`;
}

/** The category of a broker text: what precedes ` : `, trimmed. */
export function textCategory(text: string): string {
  const at = text.indexOf(':');
  return at < 0 ? '' : text.slice(0, at).trim();
}
