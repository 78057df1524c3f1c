import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { InlineLoading } from '../../app/InlineLoading';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { serverMessages } from '../schema/shared/serverErrors';
import { decodeCp932, formatFileSize, previewText } from './nsipsText';

export interface NsipsFileCardProps {
  pharmacyId: string | number;
  filename: string;
}

/**
 * One NSIPS file, read as the spec says: the temporary link first, then the file's bytes from it,
 * decoded as CP932. The download link is that same link: the original Shift_JIS bytes, untouched.
 * The detail page and the list's modal both show this card.
 */
export const NsipsFileCard = ({ pharmacyId, filename }: NsipsFileCardProps) => {
  const dataProvider = usePortalDataProvider();
  const { data, error, isPending } = useQuery({
    queryKey: ['nsips-file', String(pharmacyId), filename],
    queryFn: async ({ signal }) => {
      const url = await dataProvider.getNsipsFileLink(pharmacyId, filename);
      const bytes = await dataProvider.downloadNsipsFile(url, signal);
      return { url, size: bytes.byteLength, ...previewText(decodeCp932(bytes)) };
    },
    retry: false,
    // The link expires: a card opened again asks for a fresh one.
    gcTime: 0,
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {filename}
          </Typography>
          {data && (
            <>
              <Typography variant="body2" color="text.secondary">
                {formatFileSize(data.size)}
              </Typography>
              <Button variant="outlined" size="small" href={data.url} download={filename} startIcon={<DownloadIcon />} sx={{ textTransform: 'none' }}>
                Shift_JISのままダウンロード
              </Button>
            </>
          )}
        </Box>
        {isPending && <InlineLoading />}
        {error && (
          <Alert severity="error" role="alert">
            ファイルを読み込めませんでした。{serverMessages(error).join(' ')}
          </Alert>
        )}
        {data && (
          <>
            {data.truncated && (
              <Alert severity="info" sx={{ mb: 1 }}>
                ファイルが大きいため先頭の一部だけを表示しています。全体はダウンロードしてご覧ください。
              </Alert>
            )}
            <Box
              component="pre"
              role="region"
              tabIndex={0}
              aria-label={`${filename}の内容（CP932として表示）`}
              sx={{ m: 0, p: 1.5, maxHeight: '60vh', overflow: 'auto', bgcolor: 'grey.100', borderRadius: 1, fontSize: 13, lineHeight: 1.6, whiteSpace: 'pre' }}
            >
              {data.text}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
};
