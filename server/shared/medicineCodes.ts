/** The check digits live in the contract, one copy for the seeds and the SPA's palette (src/contract/medicineCodes.ts). */
export * from '../../src/contract/medicineCodes';
