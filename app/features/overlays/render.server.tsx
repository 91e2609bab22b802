import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import literataLatin from '@fontsource-variable/literata/files/literata-latin-wght-normal.woff2?url';
import { renderToStaticMarkup } from 'react-dom/server';
import { OverlayCard } from './components/overlay-views';
import type { OverlayContent } from './types';

/**
 * The OBS pages (decision 0092): a whole document of their own, outside the site's shell and stylesheet —
 * transparent, no chrome, no cookies, no framework script. The card is rendered here; a small inline script opens
 * the overlay's event stream and puts each new rendering in place, ticks the focus timer, and empties the page when
 * the token stops working.
 */
export const renderOverlayCard = (content: OverlayContent) => renderToStaticMarkup(<OverlayCard content={content} />);

const STYLE = `@font-face{font-family:'Inter Variable';font-style:normal;font-weight:100 900;font-display:block;src:url(${interLatin}) format('woff2')}
@font-face{font-family:'Literata Variable';font-style:normal;font-weight:200 900;font-display:block;src:url(${literataLatin}) format('woff2')}
html,body{margin:0;height:100%;background:transparent;overflow:hidden}#overlay{position:relative;width:100vw;height:100vh}`;

/**
 * Runs in the OBS browser source for hours: one EventSource at a time (closed before another opens), reconnecting by
 * itself (the server asks for 2 s); when the server answers anything but a stream (restarting behind a proxy, or
 * the token gone), it asks for the page itself: 404 — the token is dead — empties the overlay and stops, anything
 * else tries again in 5 s.
 */
const SCRIPT = `(function(){var root=document.getElementById('overlay'),es=null,offset=0,url=location.pathname+'/eventos'+location.search;
function fmt(s){s=Math.max(0,Math.ceil(s));var h=Math.floor(s/3600),m=Math.floor(s%3600/60),r=String(s%60).padStart(2,'0');return h>0?h+':'+String(m).padStart(2,'0')+':'+r:m+':'+r}
function sync(){var t=root.querySelector('[data-server-now]');if(t)offset=Date.parse(t.getAttribute('data-server-now'))-Date.now()}
function tick(){var t=root.querySelector('[role=timer][data-ends-at]');if(!t)return;var left=(Date.parse(t.getAttribute('data-ends-at'))-(Date.now()+offset))/1000;t.textContent=fmt(left);
var b=root.querySelector('[data-elapsed-of]');if(b){var total=Number(b.getAttribute('data-elapsed-of'));b.style.width=Math.floor(Math.min(1,Math.max(0,1-left/total))*100)+'%'}}
function stop(){if(es){es.close();es=null}}
function open(){stop();es=new EventSource(url);
es.addEventListener('overlay',function(e){root.innerHTML=JSON.parse(e.data).html;sync();tick()});
es.addEventListener('revogado',function(){stop();root.innerHTML=''});
es.onerror=function(){if(!es||es.readyState!==2)return;stop();setTimeout(check,5000)}}
function check(){fetch(location.href,{cache:'no-store',credentials:'omit'}).then(function(r){if(r.status===404){root.innerHTML='';return}if(r.ok){open();return}setTimeout(check,5000)},function(){setTimeout(check,5000)})}
sync();setInterval(tick,1000);open()})()`;

const document = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

export const OVERLAY_TITLES = { capa: 'Overlay: livro atual · Maratona', foca: 'Overlay: foca · Maratona' } as const;

export const overlayDocument = (content: OverlayContent) =>
  document(OVERLAY_TITLES[content.kind], `<div id="overlay">${renderOverlayCard(content)}</div><script>${SCRIPT}</script>`);

/** What a wrong, revoked or missing token gets: the same bytes every time, nothing of any reader. */
export const EMPTY_OVERLAY = document('Overlay · Maratona', '');
