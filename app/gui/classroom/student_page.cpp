// SPDX-License-Identifier: MIT
// The classroom's student page.
#include "app/gui/classroom/student_page.hpp"

namespace accelscope::gui {
namespace {

// The script never writes HTML from a message: textContent and createElement only, so a question,
// an option or an error holding markup shows as the characters it is.
constexpr const char* page = R"PAGE(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Accelscope classroom</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:18px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#111}
main{max-width:560px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:4px 0 16px;color:#2a4d8f}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;font-size:22px;padding:12px;border:2px solid #888;border-radius:10px;background:#fff;color:#111}
input:focus{outline:3px solid #2a6fdb;border-color:#2a6fdb}
button{display:block;width:100%;min-height:56px;margin:12px 0;font-size:20px;font-weight:600;border:0;border-radius:12px;
 background:#2a6fdb;color:#fff;padding:12px}
button.option{background:#fff;color:#111;border:2px solid #2a6fdb;text-align:left}
button.option.chosen{background:#dbe8ff}
button:disabled{opacity:.5}
#question{font-size:21px;font-weight:600;margin:8px 0 12px;white-space:pre-wrap}
#unit{font-weight:400;color:#444}
#status{margin:14px 0;padding:12px;border-radius:10px;background:#e8ecf2;min-height:48px}
#status.ok{background:#dff3e4;color:#0d5a22}
#status.bad{background:#fde2e1;color:#8a1c13}
#reveal{margin:14px 0;padding:12px;border-radius:10px;background:#fff4dc;display:none}
.hidden{display:none}
@media (prefers-color-scheme:dark){body{background:#16181c;color:#eee}input{background:#222;color:#eee}
 button.option{background:#222;color:#eee}button.option.chosen{background:#23385e}#status{background:#262a31}
 #status.ok{background:#173d22;color:#bfe9c9}#status.bad{background:#4a1b18;color:#ffd1cc}#reveal{background:#3d3218}
 h1{color:#8fb3ff}#unit{color:#bbb}}
</style></head><body><main>
<h1>Accelscope classroom</h1>
<section id="joinView">
<label for="code">Session code (on the screen)</label>
<input id="code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="32">
<div id="nickBox" class="hidden"><label for="nickname">Nickname (optional)</label>
<input id="nickname" autocomplete="off" maxlength="24"></div>
<button id="join">Join</button>
</section>
<section id="questionView" class="hidden">
<div id="question"></div>
<div id="numberBox" class="hidden"><label for="answer">Your answer <span id="unit"></span></label>
<input id="answer" inputmode="decimal" autocomplete="off" maxlength="64">
<button id="send">Send answer</button></div>
<div id="options"></div>
</section>
<div id="reveal"></div>
<div id="status" role="status" aria-live="polite">Type the code from the screen, then Join.</div>
</main>
<script>
"use strict";
const $=id=>document.getElementById(id);
const nicknames=document.body.dataset.nicknames==="1";
let ws=null,token=sessionStorage.getItem("accelscope-token")||"",code="",current=0,ended=false,joined=false;
if(nicknames)$("nickBox").classList.remove("hidden");
if(location.hash.length>1)$("code").value=decodeURIComponent(location.hash.slice(1));
function status(text,kind){const s=$("status");s.textContent=text;s.className=kind||"";}
function show(id,on){$(id).classList.toggle("hidden",!on);}
function send(obj){if(ws&&ws.readyState===1)ws.send(JSON.stringify(obj));else status("Not connected: reconnecting…","bad");}
function connect(){
  ws=new WebSocket((location.protocol==="https:"?"wss://":"ws://")+location.host+"/ws");
  ws.onopen=()=>{const m={type:"join",code:code};if(token)m.token=token;
    if(nicknames&&$("nickname").value)m.nickname=$("nickname").value.slice(0,24);ws.send(JSON.stringify(m));};
  ws.onmessage=e=>{let m;try{m=JSON.parse(e.data);}catch(x){return;}handle(m);};
  ws.onclose=()=>{if(ended)return;if(joined){status("Connection lost: reconnecting…","bad");setTimeout(connect,2000);}};
}
function handle(m){
  if(m.type==="joined"){joined=true;token=m.token;sessionStorage.setItem("accelscope-token",token);show("joinView",false);
    status("Joined. Wait for the question.");}
  else if(m.type==="waiting"){show("questionView",false);status("Joined. Wait for the question.");}
  else if(m.type==="question")question(m);
  else if(m.type==="received"){status("Answer received: "+m.answer,"ok");}
  else if(m.type==="reveal")reveal(m);
  else if(m.type==="error"){status(m.message,"bad");}
  else if(m.type==="closed"){ended=true;show("questionView",false);show("joinView",false);status("The session has ended. Thank you!");}
}
function question(m){
  current=m.id;$("reveal").style.display="none";$("send").disabled=false;show("questionView",true);$("question").textContent=m.text;
  const opts=$("options");opts.replaceChildren();
  if(m.kind==="choice"){show("numberBox",false);
    m.options.forEach((text,i)=>{const b=document.createElement("button");b.className="option";b.textContent=(i+1)+". "+text;
      if(m.answer===text)b.classList.add("chosen");
      b.onclick=()=>{[...opts.children].forEach(c=>c.classList.remove("chosen"));b.classList.add("chosen");
        send({type:"answer",question:current,answer:String(i+1)});};opts.appendChild(b);});
  }else{show("numberBox",true);$("unit").textContent=m.unit?"("+m.unit+")":"";$("answer").value="";}
  status(m.answer?"Answer received: "+m.answer+" (you can change it)":"Answer when you are ready.",m.answer?"ok":"");
}
function reveal(m){
  const r=$("reveal");r.style.display="block";
  r.textContent="Right answer: "+m.expected+". "+(!m.answered?"You did not answer.":m.correct?"You were right!":
    (m.mistake?"Not quite: "+m.mistake:"Not quite."));
  [...document.querySelectorAll("#questionView button")].forEach(b=>b.disabled=true);
}
$("join").onclick=()=>{code=$("code").value.trim();if(!code){status("Type the code first.","bad");return;}
  status("Joining…");if(ws)ws.close();connect();};
$("send").onclick=()=>{const a=$("answer").value.trim();if(!a){status("Type a number first.","bad");return;}
  send({type:"answer",question:current,answer:a.slice(0,64)});};
$("answer").addEventListener("keydown",e=>{if(e.key==="Enter")$("send").click();});
$("code").addEventListener("keydown",e=>{if(e.key==="Enter")$("join").click();});
</script></body></html>
)PAGE";

} // namespace

QString studentPage(bool nicknames)
{
    QString html = QString::fromUtf8(page);
    html.replace(QStringLiteral("<body>"), nicknames ? QStringLiteral("<body data-nicknames=\"1\">") : QStringLiteral("<body>"));
    return html;
}

} // namespace accelscope::gui
