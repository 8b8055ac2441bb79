// A mail server of the tests' own on 127.0.0.1: just enough SMTP (RFC 5321, no TLS, no login) for n8n's Send Email
// node to deliver a message, which the test then reads as a mail client would: its headers and its MIME parts, decoded.
import { type Server, type Socket, createServer } from 'node:net';

export interface ReceivedMail {
	from: string;
	to: string[];
	/** The message as sent, headers and body, CRLF line ends. */
	data: string;
}

export interface SmtpServer {
	host: string;
	port: number;
	mails: ReceivedMail[];
	stop(): Promise<void>;
}

export async function startSmtpServer(): Promise<SmtpServer> {
	const mails: ReceivedMail[] = [];
	const sockets = new Set<Socket>();
	const server: Server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.setEncoding('utf8');
		const reply = (line: string) => socket.write(`${line}\r\n`);
		let mail: ReceivedMail = { from: '', to: [], data: '' };
		let inData = false;
		let buffer = '';
		reply('220 127.0.0.1 test SMTP');
		socket.on('data', (chunk: string) => {
			buffer += chunk;
			for (;;) {
				if (inData) {
					const end = buffer.indexOf('\r\n.\r\n');
					if (end === -1) return;
					// Dot-stuffing undone (RFC 5321 4.5.2).
					mail.data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
					buffer = buffer.slice(end + 5);
					inData = false;
					mails.push(mail);
					mail = { from: '', to: [], data: '' };
					reply('250 queued');
					continue;
				}
				const lineEnd = buffer.indexOf('\r\n');
				if (lineEnd === -1) return;
				const line = buffer.slice(0, lineEnd);
				buffer = buffer.slice(lineEnd + 2);
				const verb = line.slice(0, 4).toUpperCase();
				if (verb === 'EHLO' || verb === 'HELO') reply('250 127.0.0.1');
				else if (verb === 'MAIL') {
					mail.from = /<(.*)>/.exec(line)?.[1] ?? '';
					reply('250 OK');
				} else if (verb === 'RCPT') {
					mail.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
					reply('250 OK');
				} else if (verb === 'DATA') {
					inData = true;
					reply('354 end with <CRLF>.<CRLF>');
				} else if (verb === 'QUIT') {
					reply('221 bye');
					socket.end();
				} else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
				else reply('502 not implemented');
			}
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const address = server.address();
	if (address === null || typeof address === 'string') throw new Error('The test SMTP server has no port');
	return {
		host: '127.0.0.1',
		port: address.port,
		mails,
		stop: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** A message's header (unfolded), by lower-case name. */
export function mailHeader(data: string, name: string): string | undefined {
	const head = data.slice(0, data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
	return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1];
}

function decodeBody(body: string, encoding: string | undefined): string {
	switch ((encoding ?? '7bit').toLowerCase()) {
		case 'quoted-printable': {
			const bytes = body
				.replace(/=\r\n/g, '')
				.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
			return Buffer.from(bytes, 'latin1').toString('utf8');
		}
		case 'base64':
			return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
		default:
			return body;
	}
}

/** The decoded text of each leaf part of a MIME message, by its content type (text/plain, text/html). */
export function mimeParts(data: string): Map<string, string> {
	const parts = new Map<string, string>();
	const walk = (entity: string) => {
		const type = mailHeader(entity, 'content-type') ?? 'text/plain';
		const body = entity.slice(entity.indexOf('\r\n\r\n') + 4);
		const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
		if (type.toLowerCase().startsWith('multipart/') && boundary) {
			const sections = body.split(`--${boundary}`).slice(1);
			for (const section of sections) {
				if (section.startsWith('--')) break;
				walk(section.replace(/^\r\n/, ''));
			}
			return;
		}
		parts.set(type.split(';')[0].trim().toLowerCase(), decodeBody(body.replace(/\r\n$/, ''), mailHeader(entity, 'content-transfer-encoding')));
	};
	walk(data);
	return parts;
}
