(()=>{function I(i){return(i||"").split(",").map(t=>t.trim()).filter(Boolean)}function x(i,t,e,s){let r=Number.parseInt(i,10);return Number.isFinite(r)?Math.min(e,Math.max(t,r)):s}var ut=[[68,1,84],[72,40,120],[62,74,137],[49,104,142],[38,130,142],[31,158,137],[53,183,121],[109,205,89],[180,222,44],[253,231,37]],ue=[[255,255,255],...ut.slice().reverse()],pe=[[36,38,50],...ut.slice(1)];function pt(i,t=!1){let e=t?pe:ue,s=Math.min(1,Math.max(0,Number.isFinite(i)?i:0))*(e.length-1),r=Math.min(e.length-2,Math.floor(s)),o=s-r;return e[r].map((n,a)=>Math.round(n+(e[r+1][a]-n)*o))}function mt(i,t=!1){let[e,s,r]=pt(i,t);return`rgb(${e}, ${s}, ${r})`}function me([i,t,e]){let s=r=>{let o=r/255;return o<=.03928?o/12.92:((o+.055)/1.055)**2.4};return .2126*s(i)+.7152*s(t)+.0722*s(e)}function fe(i){let t=me(i);return 1.05/(t+.05)>(t+.05)/.05?"#fff":"#000"}var tt=new Map;function j(i=!1){let t=i?"dark":"light";if(!tt.has(t)){let e=new Uint8ClampedArray(768),s=[],r=[];for(let o=0;o<256;o++){let n=pt(o/255,i);e.set(n,o*3),s.push(`rgb(${n[0]}, ${n[1]}, ${n[2]})`),r.push(fe(n))}tt.set(t,{rgb:e,css:s,text:r})}return tt.get(t)}function c(i,t,e){let s=document.createElement(i);return t&&(s.className=t),e!==void 0&&(s.textContent=e),s}function C(i,t){let e=c("a","download",i);e.href="#";let s=null;return e.addEventListener("click",r=>{let o=t();if(!o){r.preventDefault();return}s&&URL.revokeObjectURL(s),s=o.blob?URL.createObjectURL(o.blob):null,e.href=s||new URL(o.url,document.baseURI).href,e.download=o.name}),e}function L(i,t,e){let s=i.attachShadow({mode:"open"});return s.innerHTML=t,Object.fromEntries(Object.entries(e).map(([r,o])=>[r,s.querySelector(o)]))}function D(i,t,e){t.hidden=!1,t.textContent=e,i.setAttribute("error","")}var ft="(prefers-color-scheme: dark)",ge=["data-md-color-scheme","data-jp-theme-light","class"];function be(i){let t=i?.getAttribute?.("data-md-color-scheme");if(t)return t==="slate";let e=i?.getAttribute?.("data-jp-theme-light");if(e)return e==="false";let s=i?.classList;return s?.contains("vscode-light")||s?.contains("vscode-high-contrast-light")?!1:s?.contains("vscode-dark")||s?.contains("vscode-high-contrast")?!0:null}function z(){let i=be(globalThis.document?.body);return i!==null?i:!!globalThis.matchMedia?.(ft).matches}function gt(i){let t=z(),e=()=>{let n=z();n!==t&&(t=n,i(n))},s=globalThis.document?.body,r=s&&globalThis.MutationObserver?new MutationObserver(e):null;r?.observe(s,{attributes:!0,attributeFilter:ge});let o=globalThis.matchMedia?.(ft);return o?.addEventListener?.("change",e),()=>{r?.disconnect(),o?.removeEventListener?.("change",e)}}var we=globalThis.HTMLElement??class{};function M(i,t){let e=globalThis.customElements;e&&!e.get(i)&&e.define(i,t)}var T=class extends we{connectedCallback(){this.built||(this.built=!0,this.build()),this.lifetime=new AbortController,this.markTheme(z()),this.stopTheme=gt(t=>{this.markTheme(t),this.themeChanged(t)}),this.connected()}disconnectedCallback(){this.lifetime?.abort(),this.stopTheme?.(),this.disconnected()}markTheme(t){this.dark=t,this.setAttribute("data-theme",t?"dark":"light")}build(){}connected(){}disconnected(){}themeChanged(){}};function b(i){return`${(i*100).toFixed(1)}%`}function bt(i,t){let e=Array.from(i,(s,r)=>r);return e.sort((s,r)=>i[r]-i[s]||s-r),e.slice(0,t)}function w(i){let t=i.replace(/^ /,"").replace(/\n/g,"↵").replace(/\t/g,"⇥");return t.length&&t.trim().length?t:t.replace(/ /g,"␣")||"␣"}function m(i){return`‘${w(i)}’`}function q(i){return i.map(t=>{let e=t==null?"":String(t);return/[",\n\r]/.test(e)?`"${e.replace(/"/g,'""')}"`:e}).join(",")}function wt(i){return i.replace(/_/g," ")}function xe(i){return i*(i+1)/2}function et(i){let t=atob(i),e=new Uint8Array(t.length);for(let s=0;s<t.length;s++)e[s]=t.charCodeAt(s);return e}function xt(i,t,e,s){let r;try{r=et(i)}catch(o){throw new Error(`attention data is not valid base64 (${o.message})`,{cause:o})}return st(r,t,e,s)}function st(i,t,e,s){let r=xe(s),o=t*e*r;if(i.length!==o)throw new Error(`encoded attention holds ${i.length} bytes, expected ${o} for ${t} layers x ${e} heads x ${s} tokens`);let n=s*s,a=new Uint8Array(t*e*n),l=0;for(let h=0;h<t*e;h++){let u=h*n;for(let p=0;p<s;p++)a.set(i.subarray(l,l+p+1),u+p*s),l+=p+1}let d=(h,u)=>(h*e+u)*n;return{layers:t,heads:e,T:s,bytes:a,byte:(h,u,p,f)=>a[d(h,u)+p*s+f],weight:(h,u,p,f)=>a[d(h,u)+p*s+f]/255,head:(h,u)=>a.subarray(d(h,u),d(h,u)+n),row:(h,u,p)=>{let f=d(h,u)+p*s;return Array.from(a.subarray(f,f+p+1),k=>k/255)}}}var kt=["pointerdown","focusin","keydown","pointerenter"];function K(i,{rootMargin:t="300px 0px",signal:e}={}){return new Promise(s=>{if(e?.aborted)return;if(!globalThis.IntersectionObserver){s();return}let r,o=()=>{n(),s()},n=()=>{r.disconnect();for(let a of kt)i.removeEventListener(a,o);e?.removeEventListener("abort",n)};r=new IntersectionObserver(a=>{a.some(l=>l.isIntersecting)&&o()},{rootMargin:t}),r.observe(i);for(let a of kt)i.addEventListener(a,o);e?.addEventListener("abort",n)})}async function y(i,{signal:t}={}){let e;try{e=await fetch(i,{signal:t})}catch(s){throw s.name==="AbortError"?s:new Error(`Could not load ${i}: ${s.message}`,{cause:s})}if(!e.ok)throw new Error(`Could not load ${i}: HTTP ${e.status}${e.statusText?` ${e.statusText}`:""}`);try{return await e.json()}catch(s){throw s.name==="AbortError"?s:new Error(`Could not read ${i}: not valid JSON (${s.message})`,{cause:s})}}function U(){return document.readyState!=="loading"?Promise.resolve():new Promise(i=>document.addEventListener("DOMContentLoaded",i,{once:!0}))}function v(i,t){let e=[...i.children].find(s=>s.localName==="script"&&s.type==="application/json"&&s.dataset.sprout===t);if(!e)return null;try{return JSON.parse(e.textContent)}catch(s){throw new Error(`The ${t} data inside <${i.localName}> is not valid JSON (${s.message})`,{cause:s})}}function B(i,t){return{name:i,blob:new Blob([JSON.stringify(t)],{type:"application/json"})}}function F(i,t){return`${i.endsWith("/")?i:`${i}/`}${encodeURIComponent(t)}.json`}var E=new Map,ke=8;function yt(i){if(!E.has(i)){let t=y(i).then(e=>vt(e,i));t.catch(()=>E.delete(i)),E.set(i,t),E.size>ke&&E.delete(E.keys().next().value)}return E.get(i)}function vt(i,t="the example"){let e=i?.attention;if(!i||!Array.isArray(i.tokens)||!e||typeof e.data!="string")throw new Error(`${t} is not an example file (tokens and attention missing)`);if(e.tokens!==i.tokens.length)throw new Error(`${t}: attention covers ${e.tokens} tokens but the story has ${i.tokens.length}`);return{...i,maps:xt(e.data,e.layers,e.heads,e.tokens)}}async function St(i){let t=v(i,"example");if(!t)return null;let e=`the story inside <${i.localName}>`,s=t.attention;if(s?.encoding!=="tril-u8-deflate-base64")return vt(t,e);if(typeof s.data!="string"||!Array.isArray(t.tokens))throw new Error(`${e} is not an example (tokens and attention missing)`);if(s.tokens!==t.tokens.length)throw new Error(`${e}: attention covers ${s.tokens} tokens but the story has ${t.tokens.length}`);let r;try{let o=new Blob([et(s.data)]).stream().pipeThrough(new DecompressionStream("deflate"));r=new Uint8Array(await new Response(o).arrayBuffer())}catch(o){throw new Error(`${e}: its attention data cannot be read (${o.message})`,{cause:o})}return{...t,maps:st(r,s.layers,s.heads,s.tokens)}}function W(i){let t={},e=(i||"").replace(/^#/,"");if(!e.includes("="))return t;for(let s of e.split("&")){let r=s.indexOf("=");if(!(r<=0))try{t[decodeURIComponent(s.slice(0,r))]=decodeURIComponent(s.slice(r+1))}catch{}}return t}function ye(i){let t=Object.entries(i).filter(([,e])=>e!=null&&e!=="").map(([e,s])=>`${encodeURIComponent(e)}=${String(s).split("/").map(encodeURIComponent).join("/")}`);return t.length?`#${t.join("&")}`:""}function ve(i,t,e){let s=W(i);return s[t]=e,ye(s)}function rt(i=250){let t=null;return{write(e,s){clearTimeout(t),t=setTimeout(()=>{let r=ve(location.hash,e,s);r!==location.hash&&history.replaceState(history.state,"",r)},i)},cancel(){clearTimeout(t)}}}function Et(i,t,e,s){let r=i.getAttribute("hash")||t,o=rt(),n=()=>{let a=r==="off"?void 0:W(location.hash)[r];a!==void 0&&e(a)!==!1&&it(i)};return window.addEventListener("hashchange",n,{signal:s}),s.addEventListener("abort",()=>o.cancel()),n(),{save:a=>r!=="off"&&o.write(r,a)}}function J(i,t){if(typeof i!="string")return null;let[e,...s]=i.split("/");if(!/^[a-z0-9_]+$/.test(e)||s.length!==t)return null;let r=s.map(o=>/^\d+$/.test(o)?Number(o):NaN);return r.some(Number.isNaN)?null:{example:e,numbers:r}}var $t=["wheel","touchstart","keydown","pointerdown"];function it(i,{settle:t=3e3}={}){if(i.scrollIntoView({block:"start"}),!globalThis.ResizeObserver)return;let e=new ResizeObserver(()=>i.scrollIntoView({block:"start"})),s=()=>{e.disconnect(),clearTimeout(r);for(let o of $t)window.removeEventListener(o,s,!0)},r=setTimeout(s,t);for(let o of $t)window.addEventListener(o,s,{capture:!0,passive:!0});e.observe(document.body)}var At="sprout-head-select",_=class extends T{startSelection(){this.examples=I(this.getAttribute("examples")||this.getAttribute("example"));let t=!this.state;this.state||=this.initialState(),this.state.example&&!this.examples.includes(this.state.example)&&this.examples.unshift(this.state.example),this.hash=rt();let e=this.lifetime.signal;document.addEventListener(At,s=>this.onHeadSelect(s),{signal:e}),window.addEventListener("hashchange",()=>this.applyHash(!0),{signal:e}),this.woken=new Promise(s=>{this.wake=s}).then(U),K(this,{signal:e}).then(()=>this.wake()),t&&this.applyHash(!0,!1)}disconnected(){this.hash?.cancel()}select(t){this.userSet(t,!1)}announce(){let{example:t,layer:e,head:s}=this.state,r=this.getAttribute("group")||"";document.dispatchEvent(new CustomEvent(At,{detail:{example:t,layer:e,head:s,group:r,source:this}}))}onHeadSelect(t){let e=t.detail||{};e.source===this||(e.group||"")!==(this.getAttribute("group")||"")||(this.wake(),this.userSet(this.headSelectChange(e),!1))}hashKey(){return this.getAttribute("hash")||this.constructor.permalink.key}applyHash(t,e=!0){let s=this.hashKey();if(s==="off")return;let r=this.constructor.permalink.read(W(location.hash)[s]);if(!r)return;this.examples.includes(r.example)||this.examples.push(r.example),this.wake?.();let o=r.example!==this.state.example;this.takeState(r),e&&(this.fillExampleSelect(),o?this.show(r.example):this.render()),t&&it(this)}takeState(t){Object.assign(this.state,t)}writeHash(){if(!this.dirty||!this.data||this.dataName!==this.state.example)return;let t=this.constructor.permalink.write(this.state);t!==null&&(this.dirty=!1,this.hashKey()!=="off"&&this.hash.write(this.hashKey(),t))}showStory(t,e){this.ticket=(this.ticket||0)+1,this.examples=[e],this.state.example=e,this.fillExampleSelect(),this.setExample(t,e)}async show(t){if(this.getAttribute("source")==="page")return;if(!t){this.showError('No example chosen: give the element an "example" or "examples" attribute.');return}this.ui.example.value=t;let e=this.ticket=(this.ticket||0)+1;if(await this.woken,!(e!==this.ticket||!this.isConnected))try{let s=await St(this)||await yt(F(this.exampleFolder(),t));if(e!==this.ticket||!this.isConnected)return;this.setExample(s,t)}catch(s){e===this.ticket&&s.name!=="AbortError"&&this.showError(s.message)}}takeExample(t,e){this.data=t,this.dataName=e,this.ui.error.hidden=!0,this.removeAttribute("error");for(let s of this.ui.example.options)s.value===e&&t.title&&(s.textContent=t.title);this.ui.example.value=e}showError(t){D(this,this.ui.error,t)}fillExampleSelect(){let t=this.ui.example,e=new Map([...t.options].map(s=>[s.value,s.textContent]));t.replaceChildren(...this.examples.map(s=>{let r=c("option","",e.get(s)||wt(s));return r.value=s,r})),t.value=this.state.example,t.closest("label").hidden=this.examples.length<2}paintRamp(){if(this.rampDark===this.dark)return;this.rampDark=this.dark;let t=Array.from({length:11},(e,s)=>mt(s/10,this.dark));this.ui.ramp.style.background=`linear-gradient(to right, ${t.join(", ")})`}};var N=`
:host {
  display: block;
  --fg: var(--md-default-fg-color, #1f1f24);
  --fg-light: var(--md-default-fg-color--light, rgba(0, 0, 0, 0.58));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(0, 0, 0, 0.32));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(0, 0, 0, 0.08));
  --bg: var(--md-default-bg-color, #fff);
  --accent: var(--md-accent-fg-color, #526cfe);
  --primary: var(--md-primary-fg-color, #4051b5);
  --code-bg: var(--md-code-bg-color, rgba(127, 127, 127, 0.08));
  color: var(--fg);
  font-family: var(--md-text-font-family, system-ui, -apple-system, "Segoe UI", sans-serif);
  font-size: 0.8rem;
  line-height: 1.5;
  margin: 1em 0;
  max-width: 100%;
  box-sizing: border-box;
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.frame {
  border: 1px solid var(--fg-lightest);
  border-radius: 0.3rem;
  padding: 0.6rem;
  background: var(--bg);
  max-width: 100%;
}
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem 0.9rem; align-items: center; margin-bottom: 0.4rem; }
.controls label { display: inline-flex; gap: 0.3rem; align-items: center; max-width: 100%; min-width: 0; }
/* long story titles must not push a phone-width page sideways */
select { max-width: 100%; min-width: 0; text-overflow: ellipsis; }
select, button, input {
  font: inherit;
  color: inherit;
}
select, button {
  background: var(--bg);
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0.1rem 0.35rem;
  cursor: pointer;
}
button:hover, select:hover { border-color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.hint { color: var(--fg-light); font-size: 0.9em; margin: 0.2rem 0; }
a { color: var(--md-typeset-a-color, #00695c); }
:host([data-theme="dark"]) a { color: var(--md-typeset-a-color, #6fd8cc); }
.error { color: #b00020; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
:host([data-theme="dark"]) .error { color: #ff8a80; }
kbd {
  font-family: var(--md-code-font-family, ui-monospace, monospace);
  font-size: 0.85em;
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0 0.25em;
}
.visually-hidden {
  position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
`,O=`
:host([data-theme="dark"]) {
  --fg: var(--md-default-fg-color, #e2e4e9);
  --fg-light: var(--md-default-fg-color--light, rgba(255, 255, 255, 0.62));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(255, 255, 255, 0.34));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(255, 255, 255, 0.1));
  --bg: var(--md-default-bg-color, #1e2129);
  --accent: var(--md-accent-fg-color, #8a9bff);
}
`,V=`
.ramp { display: inline-block; width: 7rem; height: 0.8rem; border: 1px solid var(--fg-lightest); vertical-align: middle; }
.hatch-sample { display: inline-block; width: 1.6rem; height: 0.8rem; vertical-align: middle;
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lighter) 3px 6px); }
`;function Se(i){let t=J(i,3);if(!t)return null;let[e,s,r]=t.numbers;return e<1||s<1?null:{example:t.example,layer:e,head:s,token:r}}function $e({example:i,layer:t,head:e,token:s}){return`${i}/${t}/${e}/${s}`}var Ct={key:"explorer",read:Se,write:$e};function Lt(i,t,e=3){return bt(i,e).map(s=>({index:s,token:t[s],weight:i[s]}))}function Tt(i,t,e){if(!i?.length)return"";let s=i.map(o=>`${m(o.token)} ${b(o.prob)}`).join(", "),r=e===void 0?"the story ends here":`the story has ${m(e)}`;return`Sprout's top ${i.length} guesses for the token after ${m(t)}: ${s} (${r}).`}function Mt(i,t){return["key,token,weight",...i.map((e,s)=>q([s,t[s],e.toFixed(4)]))].join(`
`)+`
`}function _t(i){let t=Object.values(i.marks||{}).map(e=>e.position);return t.length?Math.max(...t):i.tokens.length-1}var Ee=`${N}${O}
.story {
  display: flex; flex-wrap: wrap; gap: 0.25rem 0.1rem;
  padding: 0.5rem; border-radius: 0.25rem;
  background: var(--code-bg);
  font-size: 0.95rem; line-height: 1.35;
  min-height: 3rem;
}
.story:focus-within { box-shadow: 0 0 0 1px var(--fg-lightest); }
.tok {
  display: inline-block; padding: 0.05rem 0.2rem; border-radius: 0.2rem;
  cursor: pointer; white-space: pre; max-width: 100%; overflow-wrap: anywhere;
  border: 1px solid transparent;
  user-select: none;
}
.tok.space { margin-left: 0.25rem; }
.tok.start { font-size: 0.8em; padding-inline: 0.3rem; }
.tok:hover { border-color: var(--fg-light); }
.tok.query { outline: 2px solid var(--fg); outline-offset: 1px; font-weight: 700; }
.tok.future {
  color: var(--fg-lighter);
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lightest) 3px 6px);
}
.tok:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.inspect { min-height: 1.5em; margin: 0.4rem 0 0.1rem; }
.top { margin: 0.2rem 0; }
.top .item { white-space: nowrap; font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; margin-top: 0.3rem; }
${V}`,Ae="The story's tokens; the selected token is the query",Ce=`
<style>${Ee}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Layer <select class="layer" aria-label="Layer (1 to 8)"></select></label>
    <label>Head <select class="head" aria-label="Head (1 to 6)"></select></label>
  </div>
  <p class="hint">Click a token to ask where it looks. Keys in the story:
    <kbd>←</kbd> <kbd>→</kbd> token, <kbd>↑</kbd> <kbd>↓</kbd> layer, <kbd>[</kbd> <kbd>]</kbd> head,
    <kbd>Shift</kbd>+<kbd>←</kbd> <kbd>→</kbd> read one earlier token's weight, <kbd>Enter</kbd> make it the query.</p>
  <div class="story"><span class="loading">Loading the story…</span></div>
  <p class="inspect" aria-hidden="true"></p>
  <p class="top" aria-live="polite"></p>
  <p class="next"></p>
  <div class="legend" id="legend">
    <span>weight <span class="ramp"></span> 0% → 100%</span>
    <span><span class="hatch-sample"></span> later tokens: not visible to the query</span>
    <span>◆ the start mark</span>
  </div>
  <p class="downloads hint">Download this view: <span class="csv"></span>, or the story's data
    (<span class="json"></span>).</p>
  <p class="error" role="alert" hidden></p>
</div>`,ot=class extends _{static permalink=Ct;connected(){this.startSelection(),this.fillExampleSelect(),this.show(this.state.example)}initialState(){return{example:this.getAttribute("example")||this.examples[0],layer:x(this.getAttribute("layer"),1,99,1),head:x(this.getAttribute("head"),1,99,1),token:this.hasAttribute("token")?x(this.getAttribute("token"),0,1e6,null):null}}build(){this.ui=L(this,Ce,{example:".example",layer:".layer",head:".head",story:".story",inspect:".inspect",top:".top",error:".error",ramp:".ramp",next:".next",csv:".csv",json:".json"}),this.ui.csv.append(C("weights (CSV)",()=>this.viewFile())),this.ui.json.append(C("JSON",()=>this.exampleFile())),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value,token:null},!0)),this.ui.layer.addEventListener("change",()=>this.userSet({layer:Number(this.ui.layer.value)},!0)),this.ui.head.addEventListener("change",()=>this.userSet({head:Number(this.ui.head.value)},!0)),this.ui.story.addEventListener("click",t=>this.onTokenClick(t)),this.ui.story.addEventListener("keydown",t=>this.onKey(t)),this.ui.story.addEventListener("pointerover",t=>this.inspectFrom(t)),this.ui.story.addEventListener("focusin",t=>this.inspectFrom(t)),this.ui.story.addEventListener("pointerleave",()=>this.inspectToken(null)),this.fillNumberSelect(this.ui.layer,8),this.fillNumberSelect(this.ui.head,6)}userSet(t,e){let s={...this.state};Object.assign(this.state,t),this.dirty=!0,t.example!==void 0&&t.example!==s.example?this.show(this.state.example):this.render();let r=["example","layer","head"].some(o=>this.state[o]!==s[o]);e&&r&&this.announce()}headSelectChange(t){let e={};return t.example&&t.example!==this.state.example&&this.examples.includes(t.example)&&(e.example=t.example,e.token=null),Number.isInteger(t.layer)&&(e.layer=t.layer),Number.isInteger(t.head)&&(e.head=t.head),e}clampedState(){let{layers:t,heads:e,T:s}=this.data.maps,r=this.state;return{example:r.example,layer:Math.min(t,Math.max(1,r.layer)),head:Math.min(e,Math.max(1,r.head)),token:r.token===null?_t(this.data):Math.min(s-1,Math.max(0,r.token))}}exampleFolder(){return this.getAttribute("base")||"examples/"}setExample(t,e){this.takeExample(t,e),this.fillNumberSelect(this.ui.layer,t.maps.layers),this.fillNumberSelect(this.ui.head,t.maps.heads),this.buildTokens(t.tokens),this.render(),this.setAttribute("ready","")}showError(t){this.fillStory([c("span","loading","The story could not be shown.")],!1),super.showError(t)}fillStory(t,e){let s=this.ui.story;s.replaceChildren(...t);let r={role:"listbox","aria-label":Ae,"aria-describedby":"legend"};for(let[o,n]of Object.entries(r))e?s.setAttribute(o,n):s.removeAttribute(o)}fillNumberSelect(t,e){t.options.length!==e&&t.replaceChildren(...Array.from({length:e},(s,r)=>{let o=c("option","",String(r+1));return o.value=String(r+1),o}))}buildTokens(t){this.tokenEls=t.map((e,s)=>{let r=c("span","tok",w(e));return s===0&&r.classList.add("start"),s>0&&e.startsWith(" ")&&r.classList.add("space"),r.setAttribute("role","option"),r.dataset.index=String(s),r}),this.fillStory(this.tokenEls,!0)}queryWeights(){let{layer:t,head:e,token:s}=this.state;return this.data.maps.row(t-1,e-1,s)}render(){if(!this.data||!this.tokenEls||this.dataName!==this.state.example)return;Object.assign(this.state,this.clampedState());let{layer:t,head:e,token:s}=this.state,{tokens:r,maps:o}=this.data,n=o.head(t-1,e-1),a=s*o.T,l=j(this.dark),d=m(r[s]);this.tokenEls.forEach((h,u)=>{let p=u===s;if(h.tabIndex=p?0:-1,h.setAttribute("aria-selected",String(p)),h.classList.toggle("query",p),u<=s){let f=n[a+u];h.classList.remove("future"),h.style.backgroundColor=l.css[f],h.style.color=l.text[f];let k=b(f/255);h.title=`${m(r[u])}: ${k} of ${d}'s attention`,h.setAttribute("aria-label",`${w(r[u])}, ${p?"query, ":""}${k}`)}else h.classList.add("future"),h.style.backgroundColor="",h.style.color="",h.title=`${m(r[u])} comes later: not visible to ${d}`,h.setAttribute("aria-label",`${w(r[u])}, later, not visible`)}),this.ui.layer.value=String(t),this.ui.head.value=String(e),this.ui.example.value=this.state.example,this.renderTop(),this.inspectToken(this.inspected??null),this.paintRamp(),this.writeHash(),this.dispatchEvent(new CustomEvent("sprout-query",{detail:{layer:t,head:e,token:s}}))}renderTop(){let{layer:t,head:e,token:s}=this.state,r=Lt(this.queryWeights(),this.data.tokens,3),o=this.data.tokens[s],a=[`Layer ${t}, head ${e}: ${m(o)} (token ${s}) looks most at `].map(l=>document.createTextNode(l));r.forEach((l,d)=>{let h=c("span","item",`${m(l.token)} (token ${l.index}) ${b(l.weight)}`);h.dataset.index=String(l.index),h.dataset.weight=b(l.weight),a.push(h,document.createTextNode(d<r.length-1?", ":"."))}),this.ui.top.replaceChildren(...a),this.ui.next.textContent=Tt(this.data.next?.sprout?.[s],o,this.data.tokens[s+1])}viewFile(){if(!this.data)return null;let{example:t,layer:e,head:s,token:r}=this.state;return{name:`${t}_layer${e}_head${s}_token${r}.csv`,blob:new Blob([Mt(this.queryWeights(),this.data.tokens)],{type:"text/csv"})}}exampleFile(){if(!this.data)return null;let t=v(this,"example");return t?B(`${this.state.example}.json`,t):{name:`${this.state.example}.json`,url:F(this.exampleFolder(),this.state.example)}}themeChanged(){this.render()}inspectFrom(t){let e=t.target.closest?.(".tok");e&&this.inspectToken(Number(e.dataset.index))}inspectToken(t){this.inspected=t;let e=this.ui.inspect;if(!this.data||t===null||t===void 0){e.textContent="Hover over or focus a token to read its exact weight.";return}let{tokens:s}=this.data,{layer:r,head:o,token:n}=this.state,a=`${m(s[t])} (token ${t})`;if(t>n)e.textContent=`${a} comes later: ${m(s[n])} cannot see it.`;else{let l=this.data.maps.weight(r-1,o-1,n,t);e.textContent=`${a} gets ${b(l)} of the attention of ${m(s[n])} (token ${n}).`}}onTokenClick(t){let e=t.target.closest(".tok");e&&(this.userSet({token:Number(e.dataset.index)},!1),this.tokenEls[this.state.token].focus())}onKey(t){if(!this.data)return;let{layers:e,heads:s,T:r}=this.data.maps,o=this.state,n=this.shadowRoot.activeElement?.closest?.(".tok"),a=n?Number(n.dataset.index):o.token,l=t.key,d=null,h=null;if(t.shiftKey&&(l==="ArrowLeft"||l==="ArrowRight"))h=Math.min(o.token,Math.max(0,a+(l==="ArrowLeft"?-1:1)));else if(l==="ArrowLeft"||l==="ArrowRight")d={token:Math.min(r-1,Math.max(0,o.token+(l==="ArrowLeft"?-1:1)))};else if(l==="Home"||l==="End")d={token:l==="Home"?0:r-1};else if(l==="ArrowUp"||l==="ArrowDown")d={layer:Math.min(e,Math.max(1,o.layer+(l==="ArrowUp"?-1:1)))};else if(l==="["||l==="]"||l==="PageUp"||l==="PageDown")d={head:Math.min(s,Math.max(1,o.head+(l==="["||l==="PageUp"?-1:1)))};else if((l==="Enter"||l===" ")&&n)d={token:a};else return;t.preventDefault(),d&&(this.userSet(d,d.layer!==void 0||d.head!==void 0),h=this.state.token),this.tokenEls[h].focus(),this.inspectToken(h)}};M("sprout-explorer",ot);var H=10,Nt=9,Le=10,jt="9px system-ui, sans-serif",Te=520;function Ot(i,t,e,s,r){return s>=i+e&&s+r<=i+t?i:Math.max(0,s+r/2-(e+t)/2)}function Rt(i,t,e,s){return!(i>t)||e<1?s:Math.min(s,(i-t)/e)}function Me(i,t){return Math.max(1,Math.ceil(t/i-1e-9))}function Pt(i){let t=w(i);return t.length>Nt?`${t.slice(0,Nt-1)}…`:t}function _e(i,t,e,s){switch(e){case"ArrowUp":return[Math.max(0,i-1),Math.min(t,Math.max(0,i-1))];case"ArrowDown":return[Math.min(s-1,i+1),t];case"ArrowLeft":return[i,Math.max(0,t-1)];case"ArrowRight":return[i,Math.min(i,t+1)];case"Home":return[i,0];case"End":return[i,i];default:return null}}function Ne(i,t,e,s){let r=Math.floor(i/e),o=Math.floor(t/e);return o<0||r<0||o>=s||r>=s?null:[o,r]}function Ht(i,t,e){return Math.max(0,Math.min(i*t-1,e*t-(t+2)))}function Oe(i,t,e,s){let r=`query ${m(i[t])} (token ${t}) → key ${m(i[e])} (token ${e})`;return e>t?`${r}: in the future, masked`:`${r}: ${b(s)}`}function Re(i,t,e,s){let r=["query,query_token,key,key_token,weight"];for(let o=0;o<i.T;o++)i.row(e-1,s-1,o).forEach((n,a)=>r.push(q([o,t[o],a,t[a],n.toFixed(4)])));return`${r.join(`
`)}
`}function Dt(i,t,e){let s=globalThis.devicePixelRatio||1;i.width=Math.round(t*s),i.height=Math.round(e*s),i.style.width=`${t}px`,i.style.height=`${e}px`;let r=i.getContext("2d");return r.setTransform(s,0,0,s,0,0),r.clearRect(0,0,t,e),r}var zt=`/* the enlarged map scrolls under two pinned label strips: keys on top, queries on the left;
   fitted to the box (.fit), nothing scrolls and a finger on the map reads weights instead */
.scroll {
  position: relative; overflow: auto; max-width: 100%; max-height: 32rem;
  border: 1px solid var(--fg-lightest); border-radius: 0.2rem;
  isolation: isolate;
}
.sheet-row { display: flex; width: max-content; }
.sheet-row > * { flex: none; }
.keys-row { position: sticky; top: 0; z-index: 2; }
.corner, .labels { background: var(--bg); }
.corner, .queries { position: sticky; left: 0; z-index: 1; }
.scroll canvas { display: block; }
.scroll.fit canvas.big { touch-action: none; }
.plot { position: relative; }
.big:focus-visible { outline: 3px solid var(--accent); outline-offset: -3px; }
.cursor {
  position: absolute; pointer-events: none; border: 2px solid var(--accent);
  box-shadow: 0 0 0 1px var(--bg); display: none;
}
.readout { min-height: 1.5em; margin: 0.3rem 0; font-variant-numeric: tabular-nums; }`,qt=`    <p class="hint">In the map: hover or touch it, or focus it and use the arrow keys (<kbd>↑</kbd> <kbd>↓</kbd> query,
      <kbd>←</kbd> <kbd>→</kbd> key) to read one weight.
      <button type="button" class="zoom" aria-pressed="false">Full size</button></p>
    <div class="scroll">
      <div class="sheet-row keys-row">
        <div class="corner"></div>
        <canvas class="labels keys" aria-hidden="true"></canvas>
      </div>
      <div class="sheet-row">
        <canvas class="labels queries" aria-hidden="true"></canvas>
        <div class="plot">
          <canvas class="big" tabindex="0" role="img"></canvas>
          <div class="cursor"></div>
        </div>
      </div>
    </div>
    <p class="readout" aria-live="polite"></p>`,G=class{constructor(t,e,{thumbnail:s,onEscape:r}){let o=n=>t.querySelector(n);this.ui={big:o(".big"),cursor:o(".cursor"),readout:o(".readout"),scroll:o(".scroll"),corner:o(".corner"),keys:o(".labels.keys"),queries:o(".labels.queries"),zoom:o(".zoom")},this.host=e,this.thumbnail=s,this.onEscape=r,this.view=null,this.keyCursor=null,this.listen()}listen(){let{big:t,zoom:e}=this.ui;t.addEventListener("pointermove",s=>this.onPointer(s)),t.addEventListener("pointerdown",s=>{this.keyCursor=this.onPointer(s)||this.keyCursor}),e.addEventListener("click",()=>{this.fullSize=e.getAttribute("aria-pressed")!=="true",this.draw(),this.setCursor(this.keyCursor||null)}),t.addEventListener("pointerleave",s=>s.pointerType==="touch"||this.setCursor(this.keyCursor||null)),t.addEventListener("keydown",s=>this.onKey(s)),t.addEventListener("focus",()=>{this.view&&this.setCursor(this.keyCursor||=this.startCursor())})}show(t){this.view=t,this.labelMargin=null,this.draw(),this.setCursor(this.keyCursor||null)}forgetCursor(){this.keyCursor=null}refit(){!this.view||this.cellSize(this.margin())===this.cell||(this.draw(),this.setCursor(this.keyCursor||null))}file(){if(!this.view)return null;let{data:t,example:e,layer:s,head:r}=this.view;return{name:`${e}_layer${s}_head${r}.csv`,blob:new Blob([Re(t.maps,t.tokens,s,r)],{type:"text/csv"})}}margin(){if(!this.labelMargin){let t=this.ui.big.getContext("2d");t.font=jt;let e=Math.max(...this.view.data.tokens.map(s=>t.measureText(Pt(s)).width));this.labelMargin=Math.ceil(Math.min(e,90))+6}return this.labelMargin}cellSize(t){let e=this.ui.scroll.clientWidth-1;return(this.fullSize===void 0?e>0&&e<Te:!this.fullSize)?Rt(e,t,this.view.data.maps.T,H):H}draw(){if(!this.view)return;let{data:t,layer:e,head:s}=this.view,r=t.maps.T,o=this.margin(),n=this.cell=this.cellSize(o),a=n<H;this.ui.scroll.classList.toggle("fit",a),this.ui.zoom.hidden=!a&&Rt(this.ui.scroll.clientWidth,o,r,H)===H,this.ui.zoom.setAttribute("aria-pressed",String(!a));let l=r*n,d=getComputedStyle(this.host).color||"#222",{big:h,corner:u,keys:p,queries:f}=this.ui;h.setAttribute("aria-label",`Attention map of layer ${e}, head ${s}: ${r} queries by ${r} keys`);let k=Dt(h,l,l);Pe(k,r,d,n),k.imageSmoothingEnabled=!1,k.drawImage(this.thumbnail(e,s),0,0,l,l),u.style.width=`${o}px`,u.style.height=`${o}px`;let de=Me(n,Le),ct=t.tokens.map(($,P)=>P%de===0?Pt($):""),dt=It(f,o,l,d);dt.textAlign="right",ct.forEach(($,P)=>$&&dt.fillText($,o-3,P*n+n/2));let Z=It(p,l,o,d);Z.rotate(-Math.PI/2),Z.textAlign="left",ct.forEach(($,P)=>$&&Z.fillText($,-(o-3),P*n+n/2))}startCursor(){let t=this.view.data.maps.T;return[t-1,t-1]}setCursor(t){let e=this.ui.cursor;if(!t||!this.view){e.style.display="none",this.ui.readout.textContent="Hover over or touch the map (or focus it and use the arrow keys) to read one weight.";return}let[s,r]=t,{data:o,layer:n,head:a}=this.view,{T:l}=o.maps,d=this.cell;Object.assign(e.style,{display:"block",left:`${Ht(r,d,l)}px`,top:`${Ht(s,d,l)}px`,width:`${d+2}px`,height:`${d+2}px`});let h=r>s?null:o.maps.weight(n-1,a-1,s,r);this.ui.readout.textContent=Oe(o.tokens,s,r,h)}onPointer(t){if(!this.view)return null;let e=Ne(t.offsetX,t.offsetY,this.cell,this.view.data.maps.T);return this.setCursor(e||this.keyCursor||null),e}onKey(t){if(!this.view)return;if(t.key==="Escape"){this.onEscape();return}let[e,s]=this.keyCursor||this.startCursor(),r=_e(e,s,t.key,this.view.data.maps.T);r&&(t.preventDefault(),this.keyCursor=r,this.setCursor(this.keyCursor),this.scrollCursorIntoView())}scrollCursorIntoView(){let[t,e]=this.keyCursor,s=this.ui.scroll,r=this.margin(),o=this.cell;s.scrollLeft=Ot(s.scrollLeft,s.clientWidth,r,r+e*o,o),s.scrollTop=Ot(s.scrollTop,s.clientHeight,r,r+t*o,o)}};function It(i,t,e,s){let r=Dt(i,t,e);return r.fillStyle=s,r.font=jt,r.textBaseline="middle",r}function Pe(i,t,e,s){let r=t*s;i.save(),i.beginPath(),i.moveTo(s,0),i.lineTo(r,0),i.lineTo(r,r-s),i.closePath(),i.clip(),i.strokeStyle=e,i.globalAlpha=.15,i.lineWidth=1;for(let o=-r;o<r;o+=5)i.beginPath(),i.moveTo(o,0),i.lineTo(o+r,r),i.stroke();i.restore()}var Kt=[{name:"previous_token",label:"previous-token",measures:"mean weight on the token just before",rows:"{text}'s {n} tokens after ◆",none:"{text} has no token after ◆",about:"mean weight on the token just before, over the example stories",from:"examples"},{name:"first_token",label:"first-token (◆)",measures:"mean weight on ◆",rows:"{text}'s {n} tokens after ◆",none:"{text} has no token after ◆",about:"mean weight on ◆, over the example stories",from:"examples"},{name:"induction",label:"induction",measures:"mean weight on the token after an earlier copy",rows:"the {n} tokens of {text} that repeat an earlier stretch",none:"{text} repeats no stretch of two or more tokens",about:"mean weight on the token after an earlier copy, on repeated random text",from:"repeats"}];var A=Object.fromEntries(Kt.map(i=>[i.name,{label:i.label,from:i.from,about:i.about}])),Ut={label:"what breaks without it",about:"the largest share of one ability lost when the head is replaced by its mean output"},He={loss_tinystories_validation:"TinyStories loss",loss_generated:"loss on generated stories",repeat:"the repeat",name_probe:"made-up names",pronoun_probe:"pronouns"};function Bt(i){return Object.hasOwn(A,i)||i==="breaks"?i:""}function R(i){return i.toFixed(2)}function Ft(i,t){let e=A[t]?.from;return i?.models?.sprout?.[e]?.[t]??null}function Wt(i,t){return t==="breaks"?i?.ablation?.breaks??null:Ft(i,t)}function Ie(i,t=3){let e=[];return i.forEach((s,r)=>s.forEach((o,n)=>e.push({layer:r+1,head:n+1,score:o}))),e.sort((s,r)=>r.score-s.score||s.layer-r.layer||s.head-r.head),e.slice(0,t)}function Jt(i,t){if(t==="breaks"){let e=i?.ablation?.breaks;return e?Ie(e,3):[]}return i?.models?.sprout?.top?.[t]??[]}function Vt(i,t){let e=i?.baselines?.[t];if(!e)return"";let s=e.untrained,r=e.called.flat().filter(Boolean).length,o=e.must_clear.includes("shuffled")?"both":"the untrained band";return`Baselines: the best head of an untrained Sprout scores ${s.mean.toFixed(3)} ± ${s.std.toFixed(3)} (${s.seeds.length} seeds); on shuffled tokens the best head scores ${R(e.shuffled.best)}. ${r} of ${e.called.flat().length} heads stand clearly above ${o}.`}function je(i,t,e){let s=i?.ablation?.breaks?.[t-1]?.[e-1];if(s===void 0)return null;let r=i.ablation.breaks_most?.[t-1]?.[e-1];return`${Ut.label} ${R(s)}${r?` (${He[r]||r})`:""}`}function nt(i,t,e){return i?[...Object.keys(A).map(s=>{let r=Ft(i,s)?.[t-1]?.[e-1];return r===void 0?null:`${A[s].label} ${R(r)}`}),je(i,t,e)].filter(Boolean):[]}function Gt(i,t,e){let s=nt(i,t,e);return`Layer ${t}, head ${e}${s.length?`; scores: ${s.join(", ")}`:""}`}function Xt(i,t){let e=A[t]||Ut,s=t==="breaks"?"Heads whose removal breaks the most":`Top ${e.label} heads`,r=i.about?.[t]??e.about;return`${s} (${r}): `}function Qt(i,t,{layer:e,head:s,score:r}){let n=i.baselines?.[t]?.called?.[e-1]?.[s-1]===!1?" (not clearly above its baselines)":"";return`layer ${e}, head ${s}: ${R(r)}${n}`}function De(i,t,e,s,r,o=!1){let a={ArrowUp:[i-1,t],ArrowDown:[i+1,t],ArrowLeft:[i,t-1],ArrowRight:[i,t+1],Home:o?[1,1]:[i,1],End:o?[s,r]:[i,r]}[e];return a?[Math.min(s,Math.max(1,a[0])),Math.min(r,Math.max(1,a[1]))]:null}function ze(i,t,e,s){i.fill(0);for(let r=0;r<e;r++){let o=r*e*4,n=r*e;for(let a=0;a<=r;a++,o+=4){let l=t[n+a]*3;i[o]=s[l],i[o+1]=s[l+1],i[o+2]=s[l+2],i[o+3]=255}}}var te=`.grid {
  display: grid;
  grid-template-columns: 2rem repeat(var(--heads, 6), minmax(0, 1fr));
  gap: 3px;
  max-width: 30rem;
}
.colhead, .rowhead { font-size: 0.75em; color: var(--fg-light); text-align: center; align-self: center; }
.cell {
  position: relative; padding: 0; margin: 0; border: 2px solid transparent; border-radius: 3px;
  background: transparent; cursor: pointer; line-height: 0; min-width: 0;
}
.cell canvas {
  width: 100%; aspect-ratio: 1; display: block; border: 1px solid var(--fg-lightest);
  background: repeating-linear-gradient(135deg, transparent 0 2px, var(--fg-lightest) 2px 4px);
}
.cell:hover { border-color: var(--fg-light); }
.cell[aria-selected="true"] { border-color: var(--fg); }
.cell.top { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
.cell:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
.cell.off canvas { opacity: 0.3; }
.cell.off { border-style: dashed; border-color: var(--fg-light); }
.badge {
  position: absolute; right: 1px; bottom: 1px; font-size: 0.62rem; line-height: 1.2;
  padding: 0 2px; border-radius: 2px; background: var(--bg); color: var(--fg);
  font-variant-numeric: tabular-nums; pointer-events: none;
}
.badge:empty { display: none; }
.cell.top .badge { font-weight: 700; color: var(--fg); box-shadow: inset 0 -2px 0 var(--accent); }  /* accent text on a light page is too faint to read */`;function Yt(){let i=c("div","");return i.setAttribute("role","row"),i.style.display="contents",i}function Zt(i,t,e,s){let r=c("span",i,t);return r.setAttribute("role",e),r.setAttribute("aria-label",s),r}var X=class{constructor(t,e){this.box=t,this.cells=null,this.focus=null,t.addEventListener("click",s=>{let r=s.target.closest(".cell");r&&e(Number(r.dataset.layer),Number(r.dataset.head))}),t.addEventListener("keydown",s=>this.onKey(s,e))}build({layers:t,heads:e,T:s}){if(this.cells&&this.shape===`${t}x${e}x${s}`)return;this.shape=`${t}x${e}x${s}`,this.layers=t,this.heads=e,this.box.style.setProperty("--heads",String(e));let r=Yt();r.append(c("span","colhead",""));for(let n=1;n<=e;n++)r.append(Zt("colhead",`H${n}`,"columnheader",`head ${n}`));let o=[r];this.cells=[];for(let n=1;n<=t;n++){let a=Yt();a.append(Zt("rowhead",`L${n}`,"rowheader",`layer ${n}`));let l=[];for(let d=1;d<=e;d++){let h=c("div","cell");h.setAttribute("role","gridcell"),h.dataset.layer=String(n),h.dataset.head=String(d),h.tabIndex=-1;let u=c("canvas");u.width=s,u.height=s,u.setAttribute("aria-hidden","true");let p=c("span","badge");p.setAttribute("aria-hidden","true"),h.append(u,p),a.append(h),l.push({cell:h,canvas:u,badge:p,context:u.getContext("2d"),image:null})}this.cells.push(l),o.push(a)}this.box.replaceChildren(...o),this.box.setAttribute("role","grid"),this.box.setAttribute("aria-label","Attention maps of all heads: rows are layers, columns are heads")}cellAt(t,e){return this.cells?.[t-1]?.[e-1]}draw(t,e){if(!this.cells)return;let{rgb:s}=j(e);this.cells.forEach((r,o)=>r.forEach((n,a)=>{n.image||=n.context.createImageData(t.T,t.T),ze(n.image.data,t.head(o,a),t.T,s),n.context.putImageData(n.image,0,0)}))}showScores(t,e,s){if(!this.cells)return;let r=new Set(e.map(o=>`${o.layer}/${o.head}`));this.cells.forEach((o,n)=>o.forEach((a,l)=>{let d=t?.[n]?.[l];a.badge.textContent=d===void 0?"":R(d),a.cell.classList.toggle("top",r.has(`${n+1}/${l+1}`)),a.cell.setAttribute("aria-label",s(n+1,l+1))}))}markOff(t){if(!this.cells)return;let e=new Set(t.map(([s,r])=>`${s}/${r}`));this.cells.forEach((s,r)=>s.forEach((o,n)=>o.cell.classList.toggle("off",e.has(`${r+1}/${n+1}`))))}showChoice(t,e){let[s,r]=this.focus;this.focus=[Math.min(this.layers,s),Math.min(this.heads,r)],this.cells.forEach((o,n)=>o.forEach((a,l)=>{a.cell.setAttribute("aria-selected",String(t===n+1&&e===l+1)),a.cell.tabIndex=n+1===this.focus[0]&&l+1===this.focus[1]?0:-1}))}focusCell(){this.cellAt(...this.focus)?.cell.focus()}onKey(t,e){let s=t.target.closest(".cell");if(!s||!this.cells)return;let r=Number(s.dataset.layer),o=Number(s.dataset.head);if(t.key==="Enter"||t.key===" "){t.preventDefault(),e(r,o);return}let n=De(r,o,t.key,this.layers,this.heads,t.ctrlKey);if(!n)return;t.preventDefault(),this.focus=n,this.cells.forEach(l=>l.forEach(d=>{d.cell.tabIndex=-1}));let a=this.cellAt(...n).cell;a.tabIndex=0,a.focus()}};var g=(i,t)=>`${i}.${t}`;function S(i){let t=new Set;return i.filter(([e,s])=>{let r=g(e,s);return t.has(r)?!1:(t.add(r),!0)}).map(([e,s])=>[e,s]).sort((e,s)=>e[0]-s[0]||e[1]-s[1])}var qe=["no","one","two","three","four","five","six","seven","eight","nine","ten"];function re(i){return qe[i]??i.toLocaleString("en")}function ie(i){let t=new Map;for(let[e,s]of S(i))t.has(e)||t.set(e,[]),t.get(e).push(s);return[...t].map(([e,s])=>{let r=s.length>1?`${s.slice(0,-1).join(", ")} and ${s[s.length-1]}`:`${s[0]}`;return`layer ${e}, head${s.length>1?"s":""} ${r}`}).join("; ")}function ee(i){let t=[];return i.forEach((e,s)=>e.forEach((r,o)=>r&&t.push([s+1,o+1]))),t}function se(i,t){let e=i[`ablation.${t}.layer`],s=i[`ablation.${t}.head`];return Number.isInteger(e)&&Number.isInteger(s)?[[e,s]]:null}function oe({stats:i={},ablations:t={},headScores:e={}},s,r){let o=t.together?.sets,n=o?.length?S(o[o.length-1].heads):null,a=e.baselines||{},l=null;if(n&&a.induction?.called&&a.previous_token?.called){let d=new Set([...ee(a.induction.called),...ee(a.previous_token.called)].map(([u,p])=>g(u,p))),h=[];for(let u=1;u<=s;u++)for(let p=1;p<=r;p++)d.has(g(u,p))||h.push([u,p]);h.length>=n.length&&(l={pool:h,count:n.length})}return{induction:n,tom:se(i,"tom_head"),previous:se(i,"previous_token_head"),control:l}}function ne({pool:i,count:t},e=Math.random){let s=i.slice(),r=[];for(let o=0;o<t&&s.length;o++)r.push(s.splice(Math.floor(e()*s.length),1)[0]);return S(r)}function ae(i){return i.length?`off-${S(i).map(([t,e])=>g(t,e)).join("-")}`:""}function le(i,t){let e=S(i),s=S(t);return e.length===s.length&&e.every(([r,o],n)=>r===s[n][0]&&o===s[n][1])}var he=`
.switch-board { margin: 0.4rem 0; }
.switch-board table { border-collapse: collapse; margin: 0.2rem 0; }
.switch-board th { font-weight: 400; color: var(--fg-light); font-size: 0.85em; padding: 0 0.3rem 0 0; text-align: right; white-space: nowrap; }
.switch-board thead th { text-align: center; padding: 0 0 0.1rem; }
.switch-board td { padding: 0.1rem; }
button.head-switch {
  min-width: 2rem; min-height: 2rem; padding: 0; font-variant-numeric: tabular-nums;
  border: 2px solid var(--primary); background: var(--primary); color: var(--bg); font-weight: 600;
  touch-action: manipulation;
}
button.head-switch[aria-checked="false"] {
  background: var(--bg); color: var(--fg); border-style: dashed; border-color: var(--fg-light); font-weight: 400;
  text-decoration: line-through;
}
.switch-board button:disabled { opacity: 0.45; cursor: not-allowed; }
.presets { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin: 0.3rem 0; }
.presets button { min-height: 2rem; touch-action: manipulation; }
.presets button[aria-pressed="true"] { border-color: var(--primary); box-shadow: inset 0 0 0 1px var(--primary); font-weight: 600; }
`,Ke={induction:()=>"the induction heads",tom:()=>"the Tom head",previous:()=>"the previous-token head",control:i=>`${re(i.count)} other heads at random`},Q=class{constructor({layers:t,heads:e,onChange:s,label:r="Sprout's heads: switch one off to run the story without it"}){this.layers=t,this.heads=e,this.onChange=s,this.off=[],this.presets={},this.element=c("div","switch-board"),this.element.setAttribute("role","group"),this.element.setAttribute("aria-label",r),this.presetRow=c("div","presets"),this.presetRow.append(c("span","hint","Switch off:")),this.allOn=this.button("all","all on (reset)",()=>this.change([],"all")),this.presetRow.append(this.allOn),this.table=this.buildTable(),this.element.append(this.presetRow,this.table),this.focusAt=0,this.sync()}button(t,e,s){let r=c("button","",e);return r.type="button",r.dataset.preset=t,r.setAttribute("aria-pressed","false"),r.addEventListener("click",s),r}buildTable(){let t=c("table"),e=c("tr");e.append(c("td"));for(let o=1;o<=this.heads;o++){let n=c("th","",`head ${o}`);n.scope="col",e.append(n)}let s=c("thead");s.append(e);let r=c("tbody");this.switches=[];for(let o=1;o<=this.layers;o++){let n=c("tr"),a=c("th","",`Layer ${o}`);a.scope="row",n.append(a);for(let l=1;l<=this.heads;l++){let d=c("button","head-switch",String(l));d.type="button",d.setAttribute("role","switch"),d.dataset.layer=String(o),d.dataset.head=String(l);let h=c("td");h.append(d),n.append(h),this.switches.push(d)}r.append(n)}return t.append(s,r),t.addEventListener("click",o=>{let n=o.target.closest("button.head-switch");!n||n.disabled||(this.focusAt=this.switches.indexOf(n),this.toggle(Number(n.dataset.layer),Number(n.dataset.head)))}),t.addEventListener("keydown",o=>this.onKey(o)),t}onKey(t){let e=this.switches.indexOf(t.target);if(e<0)return;let s=Math.floor(e/this.heads),r=e%this.heads,n={ArrowLeft:[s,r-1],ArrowRight:[s,r+1],ArrowUp:[s-1,r],ArrowDown:[s+1,r],Home:[s,0],End:[s,this.heads-1]}[t.key];if(!n)return;t.preventDefault();let a=Math.min(this.layers-1,Math.max(0,n[0])),l=Math.min(this.heads-1,Math.max(0,n[1]));this.focusAt=a*this.heads+l,this.sync(),this.switches[this.focusAt].focus()}toggle(t,e){let s=g(t,e),o=this.off.some(([n,a])=>g(n,a)===s)?this.off.filter(([n,a])=>g(n,a)!==s):[...this.off,[t,e]];this.change(o,"switch")}change(t,e){this.setOff(t),this.onChange?.(this.off,e)}setPresets(t){this.presets=t;for(let e of["induction","tom","previous","control"]){let s=t[e];if(!s||this.presetRow.querySelector(`[data-preset="${e}"]`))continue;let r=e==="control"?()=>this.change(ne(s),"control"):()=>this.change(s,e);this.presetRow.insertBefore(this.button(e,Ke[e](s),r),this.allOn)}this.sync()}setOff(t){this.off=S(t),this.sync()}setEnabled(t){this.element.querySelectorAll("button").forEach(e=>{e.disabled=!t})}sync(){let t=new Set(this.off.map(([e,s])=>g(e,s)));this.switches.forEach((e,s)=>{let{layer:r,head:o}=e.dataset,n=!t.has(g(r,o));e.setAttribute("aria-checked",String(n)),e.setAttribute("aria-label",`Layer ${r}, head ${o}, ${n?"on":"off"}`),e.tabIndex=s===this.focusAt?0:-1});for(let e of this.presetRow.querySelectorAll("button")){let s=e.dataset.preset,r=s==="all"?[]:this.presets[s],o=s==="control"?this.controlPressed():!!r&&le(r,this.off);e.setAttribute("aria-pressed",String(o))}}controlPressed(){let t=this.presets.control;if(!t||this.off.length!==t.count)return!1;let e=new Set(t.pool.map(([s,r])=>g(s,r)));return this.off.every(([s,r])=>e.has(g(s,r)))}};var ce=`${he}
.heads-off { margin-top: 0.8rem; }
.heads-off .switch-title { font-weight: 600; margin: 0 0 0.2rem; }
.heads-off .run-story { font-weight: 600; }
`,Y=class{constructor({layers:t,heads:e,base:s,onChange:r}){this.base=s,this.element=c("div","heads-off");let o=c("p","switch-title","Switch heads off");this.hint=c("p","hint","Pick heads to switch off here, then run this story without them in “Try your own story” further down the page (it downloads Sprout the first time)."),this.board=new Q({layers:t,heads:e,label:"Heads to switch off in this story",onChange:a=>{this.update(),r(a)}}),this.link=c("a","run-story"),this.note=c("p","hint presets-note"),this.note.hidden=!0;let n=c("p","run-line");n.setAttribute("aria-live","polite"),n.append(this.link),this.element.append(o,this.hint,this.board.element,n,this.note),this.update()}setStory(t,e){this.story={id:t,title:e},this.update()}async loadPresets(t){if(!(this.presetsAsked||!t)){this.presetsAsked=!0;try{let[e,s]=await Promise.all(["stats.json","ablations.json"].map(r=>y(`${this.base}${r}`)));this.board.setPresets(oe({stats:e,ablations:s,headScores:t},this.board.layers,this.board.heads))}catch(e){this.note.hidden=!1,this.note.textContent=`The chapter's presets could not be loaded (${e.message}); each head still switches.`}}}update(){let t=this.board.off;this.link.hidden=!t.length||!this.story,!this.link.hidden&&(this.link.href=`#story=${this.story.id}/${ae(t)}`,this.link.textContent=`Run “${this.story.title}” without ${t.length===1?"this head":`these ${t.length} heads`} (${ie(t)})`)}};function Ue(i){let t=J(i,2);if(!t)return null;let[e,s]=t.numbers;return e<1||s<1?null:{example:t.example,layer:e,head:s}}function Be({example:i,layer:t,head:e}){return`${i}/${t}/${e}`}var Fe={key:"heads",read:Ue,write:i=>i.layer?Be(i):null},We=`${N}${O}
${te}
.tops { margin: 0.3rem 0; }
.tops button { margin: 0.1rem 0.2rem; }
.detail { margin-top: 0.8rem; }
.detail h3 { margin: 0 0 0.2rem; font-size: 1em; }
.scores { margin: 0 0 0.3rem; color: var(--fg-light); }
${zt}
${ce}
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; }
${V}`,Je=`
<style>${We}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Highlight <select class="kind" aria-label="Highlight the top heads of a kind">
      <option value="">no kind</option>
${Object.entries(A).map(([i,{label:t}])=>`      <option value="${i}">${t} heads</option>`).join(`
`)}
      <option value="breaks">what breaks without it</option>
    </select></label>
  </div>
  <p class="tops" aria-live="polite"></p>
  <p class="hint">Each square is one head: row t, column j is the weight query t gives key j.
    Click a square, or move with <kbd>←</kbd> <kbd>↑</kbd> <kbd>→</kbd> <kbd>↓</kbd> and press
    <kbd>Enter</kbd>, to enlarge it.</p>
  <div class="grid"></div>
  <div class="legend">
    <span>weight <span class="ramp"></span> 0% → 100%</span>
    <span><span class="hatch-sample"></span> future: masked</span>
  </div>
  <div class="switches-slot"></div>
  <div class="detail" hidden>
    <h3 class="detail-title"></h3>
    <p class="scores"></p>
${qt}
    <p class="hint">Download: <span class="map-csv"></span>, or every head's scores
      (<span class="scores-json"></span>).</p>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`,at=class extends _{static permalink=Fe;connected(){this.startSelection(),this.grid.focus||=[this.state.layer||1,this.state.head||1],this.fillExampleSelect(),this.ui.kind.value=this.state.kind,this.loadScores(),this.show(this.state.example),window.addEventListener("resize",()=>this.refit(),{signal:this.lifetime.signal})}refit(){!this.data||!this.state.layer||this.ui.detail.hidden||this.map.refit()}initialState(){let t=this.hasAttribute("layer")&&this.hasAttribute("head");return{example:this.getAttribute("example")||this.examples[0],layer:t?x(this.getAttribute("layer"),1,99,1):null,head:t?x(this.getAttribute("head"),1,99,1):null,kind:Bt(this.getAttribute("highlight"))}}build(){this.ui=L(this,Je,{example:".example",kind:".kind",tops:".tops",grid:".grid",detail:".detail",title:".detail-title",scores:".scores",error:".error",ramp:".ramp",mapCsv:".map-csv",scoresJson:".scores-json",switchesSlot:".switches-slot"}),this.grid=new X(this.ui.grid,(t,e)=>this.selectCell(t,e)),this.map=new G(this.shadowRoot,this,{thumbnail:(t,e)=>this.grid.cellAt(t,e).canvas,onEscape:()=>this.grid.focusCell()}),this.ui.mapCsv.append(C("this map (CSV)",()=>this.map.file())),this.ui.scoresJson.append(C("JSON",()=>this.inlineScores?B("head_scores.json",this.inlineScores):{name:"head_scores.json",url:`${this.base()}head_scores.json`})),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value},!0)),this.ui.kind.addEventListener("change",()=>{this.state.kind=this.ui.kind.value,this.renderScores()}),this.ui.tops.addEventListener("click",t=>{let e=t.target.closest("button");e&&this.selectCell(Number(e.dataset.layer),Number(e.dataset.head))})}userSet(t,e){let s={...this.state};Object.assign(this.state,t),this.dirty=!0,this.state.layer&&(this.grid.focus=[this.state.layer,this.state.head]),this.state.example!==s.example?(this.map.forgetCursor(),this.show(this.state.example)):((this.state.layer!==s.layer||this.state.head!==s.head)&&this.map.forgetCursor(),this.render());let r=["example","layer","head"].some(o=>this.state[o]!==s[o]);e&&r&&this.announce()}selectCell(t,e){this.grid.focus=[t,e],this.userSet({layer:t,head:e},!0),this.grid.cellAt(t,e)?.cell.focus()}headSelectChange(t){let e={};return t.example&&this.examples.includes(t.example)&&(e.example=t.example),Number.isInteger(t.layer)&&Number.isInteger(t.head)&&Object.assign(e,{layer:t.layer,head:t.head}),e}takeState(t){super.takeState(t),this.grid.focus=[t.layer,t.head]}base(){let t=this.getAttribute("base")||"./";return t.endsWith("/")?t:`${t}/`}setHeadScores(t){this.headScores=t,this.renderScores()}async loadScores(){if(this.getAttribute("source")==="page")return;await this.woken;let t=`${this.base()}head_scores.json`;try{this.inlineScores=v(this,"head_scores"),this.headScores=this.inlineScores||await y(t,{signal:this.lifetime.signal}),this.renderScores(),this.offPanel?.loadPresets(this.headScores)}catch(e){e.name!=="AbortError"&&(this.headScores=null,this.scoresError=`The head scores could not be loaded: ${e.message}`,this.showError(this.scoresError),this.renderScores())}}exampleFolder(){return`${this.base()}examples/`}setExample(t,e){this.takeExample(t,e),this.scoresError&&this.showError(this.scoresError),this.grid.build(t.maps),this.prepareSwitches(t,e),this.redrawThumbnails(),this.renderScores(),this.render(),this.paintRamp(),this.setAttribute("ready","")}prepareSwitches(t,e){this.hasAttribute("switches")&&(this.offPanel||(this.offPanel=new Y({layers:t.maps.layers,heads:t.maps.heads,base:this.base(),onChange:s=>this.grid.markOff(s)}),this.ui.switchesSlot.append(this.offPanel.element),this.offPanel.loadPresets(this.headScores)),this.offPanel.setStory(e,t.title||e),this.grid.markOff(this.offPanel.board.off))}redrawThumbnails(){this.data&&this.grid.draw(this.data.maps,this.dark)}renderScores(){if(!this.grid.cells)return;let t=this.state.kind,e=t&&this.headScores?Wt(this.headScores,t):null,s=e?Jt(this.headScores,t):[];if(this.grid.showScores(e,s,(r,o)=>Gt(this.headScores,r,o)),e){let r=[document.createTextNode(Xt(this.headScores,t))];s.forEach(n=>{let a=c("button","",Qt(this.headScores,t,n));a.type="button",a.dataset.layer=String(n.layer),a.dataset.head=String(n.head),r.push(a)});let o=Vt(this.headScores,t);o&&r.push(c("span","band",` ${o}`)),this.ui.tops.replaceChildren(...r)}else{let r=this.scoresError?"Head scores unavailable (see the message below).":"Loading the head scores…";this.ui.tops.textContent=this.headScores||!t?"":r}this.renderDetailScores()}render(){if(!this.grid.cells||this.dataName!==this.state.example)return;let{layers:t,heads:e}=this.data.maps;this.state.layer&&(this.state.layer=Math.min(t,this.state.layer),this.state.head=Math.min(e,this.state.head)),this.grid.showChoice(this.state.layer,this.state.head),this.renderDetail(),this.writeHash()}renderDetail(){let{example:t,layer:e,head:s}=this.state;if(!e){this.ui.detail.hidden=!0;return}this.ui.detail.hidden=!1,this.ui.title.textContent=`Layer ${e}, head ${s}`,this.renderDetailScores(),this.map.show({data:this.data,example:t,layer:e,head:s})}renderDetailScores(){if(!this.state.layer)return;let t=nt(this.headScores,this.state.layer,this.state.head);this.ui.scores.textContent=t.length?`Scores: ${t.join(" · ")}`:""}themeChanged(){this.data&&(this.redrawThumbnails(),this.paintRamp(),this.state.layer&&this.map.draw())}};M("sprout-heads",at);function Ve(i,t,e){return i>=t?"future":i>=t-e?"window":"gone"}function lt(i){return i.end}var Ge={window:"Window network (sees the last 8 tokens)",gpt1:"gpt-1 (one attention layer)",sprout:"Sprout (sees every earlier token)"},Xe=`${N}${O}
.story {
  display: flex; flex-wrap: wrap; gap: 0.25rem 0.1rem; align-items: center;
  padding: 0.5rem; border-radius: 0.25rem; background: var(--code-bg);
  font-size: 0.95rem; line-height: 1.35; min-height: 3rem;
}
.tok {
  display: inline-block; padding: 0.05rem 0.2rem; border-radius: 0.2rem; white-space: pre;
  border: 1px solid transparent; max-width: 100%; overflow-wrap: anywhere; cursor: pointer;
}
.tok.space { margin-left: 0.25rem; }
.tok.window {
  background: color-mix(in srgb, var(--accent) 22%, transparent);
  border-color: var(--accent); font-weight: 600;
}
/* gone and later tokens are told apart by strike-through and a dotted box, and their muted
   text still reads at 4.5:1 (an opacity would not) */
:host { --muted: #595959; }
:host([data-theme="dark"]) { --muted: #9a9ea8; }
.tok.gone { color: var(--muted); text-decoration: line-through; text-decoration-color: var(--fg-lighter); }
.tok.future { color: var(--muted); font-style: italic; border-style: dotted; border-color: var(--fg-lighter); }
.caret {
  display: inline-block; align-self: stretch; width: 3px; border-radius: 2px;
  background: var(--fg); margin: 0 0.15rem; position: relative;
}
.caret::after {
  content: "?"; position: absolute; left: 5px; top: -0.2rem; font-weight: 700; color: var(--accent);
}
.slider { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; margin: 0.5rem 0; }
.slider input { flex: 1 1 10rem; min-width: 0; accent-color: var(--accent); }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; color: var(--fg-light); font-size: 0.85em; }
.legend .tok { cursor: default; font-size: 0.9em; }
.legend .tok.window { color: var(--fg); }
.status { margin: 0.3rem 0; }
.predictions { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; margin-top: 0.4rem; }
.model { flex: 1 1 12rem; min-width: 0; }
.model h3 { margin: 0 0 0.2rem; font-size: 0.95em; }
.model ol { margin: 0; padding-left: 1.4rem; }
.model li { margin: 0.1rem 0; }
.bar { display: inline-block; height: 0.55rem; background: var(--accent); border-radius: 1px; vertical-align: middle; margin-left: 0.3rem; }
.prob { font-variant-numeric: tabular-nums; margin-left: 0.3rem; }
.answer { font-weight: 700; }
.elsewhere button { margin-left: 0.3rem; }
.here-title { margin: 0.4rem 0 0; font-weight: 600; }
.predictions-here { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; }
`,Qe=`
<style>${Xe}</style>
<div class="frame" part="frame">
  <p class="hint">Move the cursor with the slider, or focus the story and use <kbd>←</kbd> <kbd>→</kbd>
    (<kbd>Home</kbd> <kbd>End</kbd>); clicking a token puts the cursor after it.</p>
  <div class="story" tabindex="0" role="group" aria-roledescription="story with a cursor"
       aria-label="The story, with the cursor where the next token is predicted">
    <span class="loading">Loading the story…</span></div>
  <div class="slider">
    <label for="cursor">Cursor</label>
    <input id="cursor" type="range" min="1" max="1" value="1" step="1">
    <output class="position" for="cursor"></output>
  </div>
  <div class="legend" aria-hidden="true">
    <span><span class="tok window">window</span> the window network's view</span>
    <span><span class="tok gone">faded</span> out of its window: invisible to the window network</span>
    <span><span class="tok future">later</span> not written yet</span>
  </div>
  <p class="status" aria-live="polite"></p>
  <div class="predictions" hidden></div>
  <p class="elsewhere" hidden></p>
  <div class="here" hidden>
    <p class="here-title"></p>
    <div class="predictions-here"></div>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`,ht=class extends T{connected(){this.size=x(this.getAttribute("size"),1,512,8),this.models=I(this.getAttribute("models")||"window,sprout"),this.link=Et(this,"window",t=>this.useHashCursor(t),this.lifetime.signal),this.load()}build(){this.ui=L(this,Qe,{story:".story",slider:"input",position:".position",status:".status",predictions:".predictions",elsewhere:".elsewhere",error:".error",here:".here",hereTitle:".here-title",hereColumns:".predictions-here"}),this.ui.slider.addEventListener("input",()=>this.readerCursor(Number(this.ui.slider.value))),this.ui.story.addEventListener("keydown",t=>this.onKey(t)),this.ui.story.addEventListener("click",t=>{let e=t.target.closest(".tok");e&&this.readerCursor(Number(e.dataset.index)+1)})}useHashCursor(t){return/^\d+$/.test(t)?(this.wantedCursor=Number(t),this.example&&this.setCursor(this.wantedCursor),!0):!1}readerCursor(t){this.setCursor(t),this.example&&this.link.save(String(this.cursor))}async load(){let t=this.lifetime.signal;await K(this,{signal:t}),await U();let e=this.getAttribute("src");try{let s=v(this,"example");if(!e&&!s)throw new Error('No example file: give the element a "src" attribute.');let r=s||await y(e,{signal:t});if(!this.isConnected)return;this.setExample(r)}catch(s){s.name!=="AbortError"&&this.showError(s.message)}}setExample(t){if(!Array.isArray(t?.tokens))throw new Error(`${this.getAttribute("src")} is not an example file`);this.example=t;let e=t.marks||{},s=this.getAttribute("mark")||Object.keys(e)[0];this.mark=e[s]||null,this.predictions=t.predictions?.[s]||null,this.getAttribute("mark")&&!this.mark&&this.showError(`The example has no mark "${s}" (it has: ${Object.keys(e).join(", ")||"none"}).`),this.buildTokens(t.tokens);let r=t.tokens.length;this.ui.slider.max=String(r),this.ui.slider.setAttribute("aria-valuetext",""),this.buildPredictions(),this.setCursor(this.wantedCursor??(this.mark?lt(this.mark):Math.min(r,this.size+1))),this.setAttribute("ready","")}showError(t){this.example||this.ui.story.replaceChildren(c("span","loading","The story could not be shown.")),D(this,this.ui.error,t)}buildTokens(t){this.tokenEls=t.map((e,s)=>{let r=c("span","tok",w(e));return s>0&&e.startsWith(" ")&&r.classList.add("space"),r.dataset.index=String(s),r}),this.caret=c("span","caret"),this.caret.setAttribute("aria-hidden","true"),this.ui.story.replaceChildren(...this.tokenEls)}buildPredictions(){if(!this.predictions){this.ui.predictions.replaceChildren();return}let t=this.example.tokens[this.mark.end];this.ui.predictions.replaceChildren(...this.predictionColumns(e=>this.predictions[e],t))}predictionColumns(t,e){return this.models.filter(s=>t(s)).map(s=>{let r=c("section","model");r.dataset.model=s,r.append(c("h3","",Ge[s]||this.example.model_names?.[s]||s));let o=c("ol");for(let n of t(s)){let a=c("li");a.append(c("span","token",m(n.token)));let l=c("span","bar");l.style.width=`${Math.max(1,Math.round(n.prob*80))}px`,l.setAttribute("aria-hidden","true"),a.append(l,c("span","prob",b(n.prob))),n.token===e&&(a.classList.add("answer"),a.append(c("span","note"," ✓ the story’s word"))),o.append(a)}return r.append(o),r})}renderHere(t,e){let s=this.example.next,r=!!s&&!e;if(this.ui.here.hidden=!r,!r){this.ui.hereColumns.replaceChildren();return}let o=this.example.tokens[t];this.ui.hereTitle.textContent=o===void 0?"What the models predict after the last token:":`What the models predict here (the story goes on with ${m(o)}):`,this.ui.hereColumns.replaceChildren(...this.predictionColumns(n=>s[n]?.[t-1],o))}setCursor(t){if(!this.example)return;let e=this.example.tokens.length,s=Math.min(e,Math.max(1,t));this.cursor=s,this.tokenEls.forEach((o,n)=>{let a=Ve(n,s,this.size);o.classList.toggle("window",a==="window"),o.classList.toggle("gone",a==="gone"),o.classList.toggle("future",a==="future")}),this.ui.story.insertBefore(this.caret,this.tokenEls[s]||null),this.ui.slider.value=String(s);let r=m(this.example.tokens[s-1]);this.ui.position.textContent=`after token ${s-1} ${r}`,this.ui.slider.setAttribute("aria-valuetext",`after token ${s-1}, ${r}`),this.renderStatus(s)}renderStatus(t){let e=Math.max(0,t-this.size),s=this.example.tokens.slice(e,t).map(w).join(" "),r=e;this.ui.status.textContent=`The window network sees ${t-e} tokens: ${s}. `+(r?`The ${r} earlier token${r===1?" is":"s are"} invisible to it; ${this.getAttribute("whole")||"Sprout"} sees all ${t}.`:"Nothing has left its window yet.");let o=this.mark&&t===lt(this.mark);this.ui.predictions.hidden=!(o&&this.predictions),this.ui.elsewhere.hidden=!this.mark||o,this.mark&&!o&&this.renderElsewhere(),this.renderHere(t,o)}renderElsewhere(){let t=this.ui.elsewhere;if(t.childNodes.length)return;let e=m(this.example.tokens[this.mark.position]),s=c("button","jump","Jump there");s.type="button",s.addEventListener("click",()=>{this.readerCursor(lt(this.mark)),this.ui.slider.focus()}),t.append(document.createTextNode(`The models' predictions are shown with the cursor right after ${m(this.mark.text)} (token ${this.mark.position}, ${e}).`),s)}onKey(t){if(!this.example)return;let e=this.example.tokens.length,s={ArrowLeft:this.cursor-1,ArrowRight:this.cursor+1,Home:1,End:e};t.key in s&&(t.preventDefault(),this.readerCursor(s[t.key]))}};M("sprout-window",ht);})();
