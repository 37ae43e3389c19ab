import { createRoot } from 'react-dom/client';
import '../styles/index.css';
import { startApp } from './bootstrap';
import { createQueryClient } from './providers';
import { App, createAppRouter } from './router';

startApp();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(<App router={createAppRouter()} queryClient={createQueryClient()} />);
