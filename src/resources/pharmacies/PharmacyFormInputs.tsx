import { useEffect, useRef, useState } from 'react';
import { TextInput } from 'react-admin';
import { requiredRule } from '../../app/inputs/requiredRule';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { PHARMACY_LABELS as L, micodeWarning, postalDigits } from '../../contract/pharmacy';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { InlineLoading } from '../../app/InlineLoading';
import { addressFill, addressLabel, postalLookupDigits, type AddressParts } from './formRules';

/** 薬局コード: a failed check digit is a warning under the input, never a block (regional rule in the contract). */
export const MicodeInput = () => {
  const value = useWatch({ name: 'micode' });
  const warning = micodeWarning(value);
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="micode" validate={requiredRule(L.micode)} fullWidth helperText={false} />
      {warning && (
        <Alert severity="warning" role="status" sx={{ mb: 1 }}>
          {warning}
        </Alert>
      )}
    </Box>
  );
};

type LookupState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'choose'; options: AddressParts[] } | { kind: 'notFound' } | { kind: 'failed' };

/**
 * 郵便番号 with Japan Post's addresses (spec section 5): once 7 digits remain after removing a
 * hyphen, the lookup runs; it fills 都道府県, 市区町村 and 町域 only when all three are empty, and
 * when the code has several addresses the user picks one. The value a record loaded with does not
 * trigger it: only a change does.
 */
export const PostalCodeInput = () => {
  const dataProvider = usePortalDataProvider();
  const { getValues, setValue } = useFormContext();
  const postalCode = useWatch({ name: 'postalCode' });
  const lastLookedUp = useRef<string | undefined>(postalDigits(getValues('postalCode')));
  const [state, setState] = useState<LookupState>({ kind: 'idle' });

  const fill = (address: AddressParts) => {
    for (const key of ['address1', 'address2', 'address3'] as const) setValue(key, address[key], { shouldDirty: true, shouldValidate: true });
    setState({ kind: 'idle' });
  };

  useEffect(() => {
    const digits = postalLookupDigits(postalCode, lastLookedUp.current);
    if (postalDigits(postalCode) === undefined) lastLookedUp.current = undefined;
    if (!digits) return;
    lastLookedUp.current = digits;
    let cancelled = false;
    setState({ kind: 'loading' });
    dataProvider.searchPostalCode(digits).then(
      (results) => {
        if (cancelled) return;
        const outcome = addressFill(getValues(), results);
        if (outcome.kind === 'fill') fill(outcome.address);
        else if (outcome.kind === 'choose') setState({ kind: 'choose', options: outcome.options });
        else if (outcome.kind === 'notFound') setState({ kind: 'notFound' });
        else setState({ kind: 'idle' });
      },
      () => !cancelled && setState({ kind: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a change of the code only
  }, [postalCode]);

  return (
    <Box sx={{ width: '100%' }}>
      <TextInput source="postalCode" validate={requiredRule(L.postalCode)} fullWidth helperText="7桁で入力すると住所が空欄のとき自動で入ります（例: 150-0002）" />
      {state.kind === 'loading' && <InlineLoading />}
      {state.kind === 'notFound' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          この郵便番号の住所は見つかりませんでした。
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          住所を検索できませんでした。住所を入力してください。
        </Alert>
      )}
      {state.kind === 'choose' && (
        <Box role="group" aria-label="住所の候補" sx={{ mb: 2 }}>
          <FormHelperText>この郵便番号には複数の住所があります。選んでください。</FormHelperText>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, maxHeight: 240, overflowY: 'auto' }}>
            {state.options.map((option) => (
              <Button key={addressLabel(option)} size="small" variant="outlined" onClick={() => fill(option)}>
                {addressLabel(option)}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
};
