/** The micode rules live in the contract: the pharmacy form warns with the same check digit. */
export { buildMicode, isValidMicodeCheckDigit, luhnCheckDigit } from '../../../../src/contract/pharmacy';
