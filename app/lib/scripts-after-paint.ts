/**
 * The page's modules load once the first screen has painted, not beside it.
 *
 * Remix's `<Scripts>` asks for every module of the page at once (a `modulepreload` link each, at high
 * priority, and an inline module script that imports the route modules). On a phone's network those
 * ~170 KB of JavaScript share the connection with the stylesheet and the first screen's picture, and
 * the first paint waits for both; the page cannot be used any sooner for it, since it hydrates only
 * once all of it has arrived. (Lighthouse's simulation counts them the same way: a module that
 * arrived before the first paint is taken as one the paint waited for.) So the server renders them
 * inert, and a small classic script starts them once the first screen, and its first-screen pictures
 * (those marked `fetchpriority="high"`, see lib/images/picture.ts), have painted. Until then the
 * page is the server's HTML: its links and forms work without JavaScript, as Remix's do.
 *
 * Two halves, kept together here so they cannot drift apart:
 * - `deferModuleScripts` (the server, on the rendered document): the `modulepreload` links lose their
 *   `rel` (kept as `data-after-paint`), and the inline module script gets an inert type. React does not
 *   compare attributes when it hydrates, so the tree still matches; the production build only, since a
 *   development build warns of the difference.
 * - `START_SCRIPTS_AFTER_PAINT` (the browser, a classic inline script after `<Scripts>`): puts the
 *   links back and runs the module script, with the page's nonce.
 */

/** The attribute a deferred `modulepreload` link keeps its `rel` in. */
export const DEFERRED_LINK_ATTRIBUTE = "data-after-paint";
/** The inert type a deferred module script carries until it is started. */
export const DEFERRED_SCRIPT_TYPE = "text/x-after-paint";

const MODULE_PRELOAD = /<link rel="modulepreload"( href="[^"]*")/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/g;

/**
 * The document with Remix's module loading made inert (see above), and how many links and scripts
 * were changed: a document with scripts but none changed means React or Remix changed their markup,
 * which the server's test catches.
 */
export function deferModuleScripts(html: string): { html: string; links: number; scripts: number } {
  let links = 0;
  let scripts = 0;
  const deferred = html
    .replace(MODULE_PRELOAD, (_match, href: string) => {
      links++;
      return `<link ${DEFERRED_LINK_ATTRIBUTE}="modulepreload"${href}`;
    })
    .replace(MODULE_SCRIPT, (_match, nonce: string) => {
      scripts++;
      return `<script${nonce} type="${DEFERRED_SCRIPT_TYPE}" async="">`;
    });
  return { html: deferred, links, scripts };
}

/**
 * Starts the deferred modules once the first screen has painted: once the browser reports the first
 * contentful paint (Paint Timing; where it cannot, after two frames), and the first-screen pictures
 * have loaded (or failed) and decoded, in a task of its own, so the frame that paints them comes
 * first. A hidden page paints nothing and starts at once; and at most `MAX_WAIT_MS` after the
 * document, so a picture that hangs never keeps the page from working. It waits on the browser's
 * events rather than on timers, so a page whose timers a test stops still starts. New nodes go at the
 * end of the head and the body, where React's hydration leaves nodes it did not render.
 */
const MAX_WAIT_MS = 3000;
export const START_SCRIPTS_AFTER_PAINT = `(function(){
var d=document,w=window,nonce=d.currentScript&&d.currentScript.nonce,started=false;
function start(){
if(started)return;started=true;
d.querySelectorAll("link[${DEFERRED_LINK_ATTRIBUTE}]").forEach(function(l){var n=d.createElement("link");n.rel=l.getAttribute("${DEFERRED_LINK_ATTRIBUTE}");n.href=l.getAttribute("href");d.head.appendChild(n);});
d.querySelectorAll('script[type="${DEFERRED_SCRIPT_TYPE}"]').forEach(function(s){var n=d.createElement("script");n.type="module";if(nonce)n.nonce=nonce;n.text=s.text;d.body.appendChild(n);});
}
function task(next){var channel=new MessageChannel();channel.port1.onmessage=function(){channel.port1.close();next();};channel.port2.postMessage(0);}
function painted(next){
var types=w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf("paint")<0)return requestAnimationFrame(function(){requestAnimationFrame(function(){task(next);});});
var seen=function(list){return list.getEntriesByName("first-contentful-paint").length>0;};
if(seen(performance))return next();
var observer=new PerformanceObserver(function(list){if(seen(list)){observer.disconnect();next();}});
observer.observe({type:"paint",buffered:true});
}
function pictures(next){
var heroes=[].filter.call(d.images,function(i){return i.getAttribute("fetchpriority")==="high";}),left=heroes.length;
if(!left)return next();
heroes.forEach(function(i){
var done=function(){if(--left===0)task(next);};
var decoded=function(){i.decode?i.decode().then(done,done):done();};
if(i.complete)decoded();else{i.addEventListener("load",decoded,{once:true});i.addEventListener("error",done,{once:true});}
});
}
setTimeout(start,${MAX_WAIT_MS});
if(d.visibilityState==="hidden")return start();
painted(function(){pictures(start);});
})()`;
