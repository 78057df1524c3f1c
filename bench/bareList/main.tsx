// The floor of a visit to a list, for `npm run bench -- list-warm list-cold`: stock react-admin
// showing what the portal's screens show, from the portal's own answers (bench/servers.ts
// `portalAnswers`, served as ra-data-simple-rest expects them, compressed the same way):
// - 薬局一覧: List, DataTable, ShowButton, EditButton, Buttons; the pharmacy list's columns and its
//   four row actions, 25 rows a page;
// - 医療用医薬品一覧: List and DataTable with every column the portal declares (49), the same 37
//   hidden by default (DataTable's hiddenColumns, as the portal's), typed fields, a ShowButton;
// - 問い合わせ一覧: an inquiries-like screen in stock parts: the rooms in a SimpleList, the
//   clicked room's messages in another (ListBase filtered by room_id, every message on one page),
//   the room in the URL (?roomId=) as the portal keeps it.
// Built apart from bench/bare so that the first-load yardstick stays the smallest app.
import { createRoot } from 'react-dom/client';
import {
  Admin,
  BooleanField,
  Button,
  DataTable,
  DateField,
  List,
  ListBase,
  ListGuesser,
  NumberField,
  Resource,
  ShowButton,
  SimpleList,
  Title,
  type AuthProvider,
} from 'react-admin';
// Stock react-admin on purpose, EditButton included: this app is the yardstick, not the portal.
// eslint-disable-next-line no-restricted-imports
import { EditButton } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import simpleRestProvider from 'ra-data-simple-rest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import japaneseModule from '@bicstone/ra-language-japanese';
import type { TranslationMessages } from 'ra-core';
// The portal's declaration of the list (plain data: labels, types, columns, hidden columns), so the
// yardstick shows the same columns as the portal whatever the declaration becomes.
import { ethicalMedicines } from '../../src/resources/ethicalMedicines';

const japanese = ((japaneseModule as unknown as { default?: TranslationMessages }).default ?? japaneseModule) as TranslationMessages;

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
};

/** The API's names (the stock app reads the answers as they come). */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const PharmacyList = () => (
  <List perPage={25} sort={{ field: 'updated_at', order: 'DESC' }}>
    <DataTable aria-label="薬局一覧" bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="id" label="ID" />
      <DataTable.Col source="company_id" label="会社ID" />
      <DataTable.Col source="name" label="薬局名" />
      <DataTable.Col source="address1" label="都道府県" />
      <DataTable.Col source="updated_at" label="更新日時" field={DateField} />
      <DataTable.Col label="操作">
        <ShowButton />
        <EditButton />
        <Button label="発注アプリ" component="a" href="https://order.example.test/" target="_blank" />
        <Button label="NSIPS" component={Link} to="/posts" />
      </DataTable.Col>
    </DataTable>
  </List>
);

const FIELD_OF_TYPE = { id: NumberField, number: NumberField, decimal: NumberField, date: DateField, boolean: BooleanField } as const;
const medicineFields = ethicalMedicines.fields as Record<string, { label: string; type: string }>;

const EthicalMedicineList = () => (
  <List perPage={25} sort={{ field: 'id', order: 'ASC' }}>
    <DataTable aria-label="医療用医薬品一覧" bulkActionButtons={false} rowClick={false} hiddenColumns={ethicalMedicines.list.hiddenColumns?.map(snake)}>
      {ethicalMedicines.list.columns.map((column) => {
        const { label, type } = medicineFields[column];
        return <DataTable.Col key={column} source={snake(column)} label={label} field={FIELD_OF_TYPE[type as keyof typeof FIELD_OF_TYPE]} />;
      })}
      <DataTable.Col label="操作">
        <ShowButton />
      </DataTable.Col>
    </DataTable>
  </List>
);

interface Room {
  id: number;
  name: string;
  status: string;
  pharmacy: { id: number; name: string; address1: string };
  last_message: { content: string; created_at: string } | null;
}
interface Message {
  id: number;
  sender_name: string;
  content: string;
  created_at: string;
}

const Inquiries = () => {
  const [search] = useSearchParams();
  const roomId = Number(search.get('roomId')) || undefined;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(300px, 380px) 1fr', gap: 2, height: 'calc(100vh - 120px)' }}>
      <Title title="問い合わせ一覧" />
      <Card sx={{ overflowY: 'auto' }} aria-label="問い合わせルーム" component="section">
        <ListBase resource="inquiry_rooms" perPage={25} sort={{ field: 'updated_at', order: 'DESC' }} disableSyncWithLocation>
          <SimpleList<Room>
            primaryText={(room) => <span data-room-name>{room.name}</span>}
            secondaryText={(room) => `${room.pharmacy.id} ${room.pharmacy.name}（${room.pharmacy.address1}）`}
            tertiaryText={(room) => room.status}
            rowClick={(id) => `/inquiry_rooms?roomId=${id}`}
          />
        </ListBase>
      </Card>
      <Card sx={{ overflowY: 'auto' }} data-testid="inquiry-messages">
        {roomId === undefined ? (
          <Typography sx={{ p: 3 }}>左の一覧からルームを選んでください。</Typography>
        ) : (
          <ListBase resource="inquiry_messages" filter={{ room_id: roomId }} perPage={100} sort={{ field: 'created_at', order: 'ASC' }} disableSyncWithLocation>
            <SimpleList<Message>
              primaryText={(message) => <span data-own="false">{message.content}</span>}
              secondaryText={(message) => message.sender_name}
              tertiaryText={(message) => new Date(message.created_at).toLocaleString('ja-JP')}
              rowClick={false}
            />
          </ListBase>
        )}
      </Card>
    </Box>
  );
};

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')} authProvider={authProvider} i18nProvider={polyglotI18nProvider(() => japanese, 'ja')}>
    <Resource name="posts" list={ListGuesser} />
    <Resource name="pharmacies" list={PharmacyList} options={{ label: '薬局一覧' }} />
    <Resource name="ethical_medicines" list={EthicalMedicineList} options={{ label: '医療用医薬品一覧' }} />
    <Resource name="inquiry_rooms" list={Inquiries} options={{ label: '問い合わせ一覧' }} />
  </Admin>,
);
