import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { SEND_FAILED_MESSAGE } from './attachmentRules';

/** A chat dialog's refused send: the spec's message, then each reason the services gave, one a line. */
export const SendFailedAlert = ({ messages }: { messages: string[] }) => (
  <Alert severity="error" role="alert" sx={{ mb: 2 }}>
    {SEND_FAILED_MESSAGE}
    {messages.map((message) => (
      <Box key={message}>{message}</Box>
    ))}
  </Alert>
);
