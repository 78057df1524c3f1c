import { required } from 'react-admin';

/**
 * The portal's required-field sentence, the one the API and the pharmacy form answer with
 * (「名前を入力してください。」; a choice is 「権限を選択してください。」), instead of react-admin's bare 「必須」.
 */
export const requiredMessage = (label: string, verb: '入力' | '選択' = '入力') => `${label}を${verb}してください。`;

/** `required()` with that sentence; react-admin memoises validators by their arguments, so this is stable. */
export const requiredRule = (label: string, verb: '入力' | '選択' = '入力') => required(requiredMessage(label, verb));
