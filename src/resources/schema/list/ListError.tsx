import { useListContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { serverMessages } from '../shared/serverErrors';

/** A failed list load, in the list's place: not an empty result, and with a retry. */
export const ListError = () => {
  const { error, refetch } = useListContext();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          再読み込み
        </Button>
      }
    >
      一覧を読み込めませんでした。{serverMessages(error).join(' ')}
    </Alert>
  );
};
