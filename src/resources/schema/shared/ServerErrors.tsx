import Alert from '@mui/material/Alert';

/** The server's errors as a red list above the form or in a dialog (spec section 8). */
export const ServerErrors = ({ messages, label }: { messages: string[]; label?: string }) =>
  messages.length === 0 ? null : (
    <Alert severity="error" role="alert" aria-label={label} sx={{ mb: 2, width: '100%' }} data-testid="server-errors">
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
