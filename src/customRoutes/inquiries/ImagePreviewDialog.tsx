import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import DownloadIcon from '@mui/icons-material/Download';
import type { InquiryFile } from '../../dataProvider/methods/inquiries';

/** The image preview modal, with the download of the attachment as a blob under its own name. */
export const ImagePreviewDialog = ({ file, onClose, download }: { file: InquiryFile | undefined; onClose: () => void; download: (url: string) => Promise<Blob> }) => {
  const [failed, setFailed] = useState(false);
  const save = async () => {
    if (!file) return;
    setFailed(false);
    try {
      const blob = await download(file.url);
      const href = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = href;
      anchor.download = file.name;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The click has started the download; the object URL is no longer needed.
      window.setTimeout(() => URL.revokeObjectURL(href), 0);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Dialog open={file !== undefined} onClose={onClose} aria-labelledby="inquiry-preview-title" maxWidth="md">
      <DialogTitle id="inquiry-preview-title">{file?.name}</DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 1 }}>
            ダウンロードできませんでした。
          </Alert>
        )}
        {file && <Box component="img" src={file.url} alt={file.name} data-testid="inquiry-preview-image" sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block' }} />}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<DownloadIcon />} onClick={() => void save()}>
          ダウンロード
        </Button>
        <Button variant="outlined" onClick={onClose}>
          閉じる
        </Button>
      </DialogActions>
    </Dialog>
  );
};
