// Mantine's stylesheets come before the app's own, which override some of their rules: a file of their own
// that `main.tsx` asks for before the app's, so the page links them first (decision 040).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import './global.css';
