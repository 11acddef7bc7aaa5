var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m={},h=[],g=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,_=Array.isArray;function v(e,t){for(var n in t)e[n]=t[n];return e}function y(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function b(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return x(t,s,i,a,null)}function x(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function S(e){return e.children}function C(e,t){this.props=e,this.context=t}function w(e,t){if(t==null)return e.__?w(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?w(e):null}function T(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=v({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),I(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??w(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,te(i,o,a),n.__e=n.__=null,o.__e!=r&&E(o)}}function E(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),E(e)}function D(e){(!e.__d&&(e.__d=!0)&&r.push(e)&&!O.__r++||i!=t.debounceRendering)&&((i=t.debounceRendering)||a)(O)}function O(){try{for(var e,t=1;r.length;)r.length>t&&r.sort(o),e=r.shift(),t=r.length,T(e)}finally{r.length=O.__r=0}}function k(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,g,_,v,y=r&&r.__k||h,b=t.length;for(c=A(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||m,p.__i=d,v=I(e,p,f,i,a,o,s,c,l,u),g=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&L(f.ref,null,p),u.push(p.ref,p.__c||g,p)),_==null&&g!=null&&(_=g),4&p.__u?(c=j(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:g&&(c=g.nextSibling),p.__u&=-7);return n.__e=_,c}function A(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=x(null,o,null,null,null):_(o)?o=e.__k[a]=x(S,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=x(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=M(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=w(s)),ie(s,s));return r}function j(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=j(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=w(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function M(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function N(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||g.test(t)?n:n+`px`}function P(e,t,n,r,i){var a,o;n:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||N(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||N(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(u,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[l]=r[l]:(n[l]=d,e.addEventListener(t,a?p:f,a)):e.removeEventListener(t,a?p:f,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break n}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function F(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[c]==null)n[c]=d++;else if(n[c]<r[l])return;return r(t.event?t.event(n):n)}}}function I(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,g,b,x,T,E,D,O,A,j,M,N,P,F=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);n:if(typeof F==`function`){f=s.length;try{if(E=n.props,D=F.prototype&&F.prototype.render,O=(d=F.contextType)&&i[d.__c],A=d?O?O.props.value:d.__:i,r.__c?T=(p=n.__c=r.__c).__=p.__E:(D?n.__c=p=new F(E,A):(n.__c=p=new C(E,A),p.constructor=F,p.render=ae),O&&O.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),D&&p.__s==null&&(p.__s=p.state),D&&F.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=v({},p.__s)),v(p.__s,F.getDerivedStateFromProps(E,p.__s))),g=p.props,b=p.state,p.__v=n,m)D&&F.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),D&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(D&&F.getDerivedStateFromProps==null&&E!==g&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(E,A),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(E,p.__s,A)){n.__v!=r.__v&&(p.props=E,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),h.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=w(r);break n}p.componentWillUpdate!=null&&p.componentWillUpdate(E,p.__s,A),D&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(g,b,x)})}if(p.context=A,p.props=E,p.__P=e,p.__e=!1,j=t.__r,M=0,D)p.state=p.__s,p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),h.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++M<25);p.state=p.__s,p.getChildContext!=null&&(i=v(v({},i),p.getChildContext())),D&&!m&&p.getSnapshotBeforeUpdate!=null&&(x=p.getSnapshotBeforeUpdate(g,b)),N=d!=null&&d.type===S&&d.key==null?ne(d.props.children):d,c=k(e,_(N)?N:[N],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),T&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(P=o.length;P--;)y(o[P])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||ee(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=re(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function ee(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(ee))}function te(e,n,r){for(var i=0;i<r.length;i++)L(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function ne(e){return typeof e!=`object`||!e||e.__b>0?e:_(e)?e.map(ne):e.constructor===void 0?v({},e):null}function re(n,r,i,a,o,s,c,l,u){var d,f,p,h,g,v,b,x=i.props||m,S=r.props,C=r.type;if(C==`svg`?o=`http://www.w3.org/2000/svg`:C==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((g=s[d])&&`setAttribute`in g==!!C&&(C?g.localName==C:g.nodeType==3)){n=g,s[d]=null;break}}if(n==null){if(C==null)return document.createTextNode(S);n=document.createElementNS(o,C,S.is&&S),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(C==null)x===S||l&&n.data==S||(n.data=S);else{if(s=C==`textarea`&&S.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(x={},d=0;d<n.attributes.length;d++)x[(g=n.attributes[d]).name]=g.value;for(d in x)g=x[d],d==`dangerouslySetInnerHTML`?p=g:d==`children`||d in S||d==`value`&&`defaultValue`in S||d==`checked`&&`defaultChecked`in S||P(n,d,null,g,o);for(d in S)g=S[d],d==`children`?h=g:d==`dangerouslySetInnerHTML`?f=g:d==`value`?v=g:d==`checked`?b=g:l&&typeof g!=`function`||x[d]===g||P(n,d,g,x[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),k(r.type==`template`?n.content:n,_(h)?h:[h],r,i,a,C==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&w(i,0),l,u),s!=null)for(d=s.length;d--;)y(s[d]);l&&C!=`textarea`||(d=`value`,C==`progress`&&v==null?n.removeAttribute(`value`):v!=null&&(v!==n[d]||C==`progress`&&!v||C==`option`&&v!=x[d])&&P(n,d,v,x[d],o),d=`checked`,b!=null&&b!=n[d]&&P(n,d,b,x[d],o))}return n}function L(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function ie(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||L(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&ie(i[a],n,r||typeof e.type!=`function`);r||y(e.__e),e.__c=e.__=e.__e=void 0}function ae(e,t,n){return this.constructor(e,n)}function oe(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],I(r,n=(!a&&i||r).__k=b(S,null,[n]),o||m,m,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),te(s,n,c),n.props.children=null}e=h.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,C.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=v({},this.state);typeof e==`function`&&(e=e(v({},n),this.props)),e&&v(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),D(this))},C.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),D(this))},C.prototype.render=S,r=[],a=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,o=function(e,t){return e.__v.__b-t.__v.__b},O.__r=0,s=Math.random().toString(8),c=`__d`+s,l=`__a`+s,u=/(PointerCapture)$|Capture$/i,d=0,f=F(!1),p=F(!0);var R,z,se,ce,le=0,ue=[],B=t,de=B.__b,fe=B.__r,pe=B.diffed,me=B.__c,he=B.unmount,ge=B.__;function _e(e,t){B.__h&&B.__h(z,e,le||t),le=0;var n=z.__H||(z.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function V(e){return le=1,ve(Ee,e)}function ve(e,t,n){var r=_e(R++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):Ee(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=z,!z.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};z.__f=!0;var a=z.shouldComponentUpdate,o=z.componentWillUpdate;z.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},z.shouldComponentUpdate=i}return r.__N||r.__}function H(e,t){var n=_e(R++,3);!B.__s&&Te(n.__H,t)&&(n.__=e,n.u=t,z.__H.__h.push(n))}function ye(e,t){var n=_e(R++,4);!B.__s&&Te(n.__H,t)&&(n.__=e,n.u=t,z.__h.push(n))}function U(e){return le=5,W(function(){return{current:e}},[])}function W(e,t){var n=_e(R++,7);return Te(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function be(){for(var e;e=ue.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(Ce),t.__h.some(we),t.__h=[]}catch(n){t.__h=[],B.__e(n,e.__v)}}}B.__b=function(e){z=null,de&&de(e)},B.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),ge&&ge(e,t)},B.__r=function(e){fe&&fe(e),R=0;var t=(z=e.__c).__H;t&&(se===z?(t.__h=[],z.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(Ce),t.__h.some(we),t.__h=[],R=0)),se=z},B.diffed=function(e){pe&&pe(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(ue.push(t)!==1&&ce===B.requestAnimationFrame||((ce=B.requestAnimationFrame)||Se)(be)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),se=z=null},B.__c=function(e,t){t.some(function(e){try{e.__h.some(Ce),e.__h=e.__h.filter(function(e){return!e.__||we(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],B.__e(n,e.__v)}}),me&&me(e,t)},B.unmount=function(e){he&&he(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{Ce(e)}catch(e){t=e}}),n.__H=void 0,t&&B.__e(t,n.__v))};var xe=typeof requestAnimationFrame==`function`;function Se(e){var t,n=function(){clearTimeout(r),xe&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);xe&&(t=requestAnimationFrame(n))}function Ce(e){var t=z,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),z=t}function we(e){var t=z;e.__c=e.__(),z=t}function Te(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function Ee(e,t){return typeof t==`function`?t(e):t}var De=function(e,t,n,r){var i;t[0]=0;for(var a=1;a<t.length;a++){var o=t[a++],s=t[a]?(t[0]|=o?1:2,n[t[a++]]):t[++a];o===3?r[0]=s:o===4?r[1]=Object.assign(r[1]||{},s):o===5?(r[1]=r[1]||{})[t[++a]]=s:o===6?r[1][t[++a]]+=s+``:o?(i=e.apply(s,De(e,s,n,[``,null])),r.push(i),s[0]?t[0]|=2:(t[a-2]=0,t[a]=i)):r.push(s)}return r},Oe=new Map;function ke(e){var t=Oe.get(this);return t||(t=new Map,Oe.set(this,t)),(t=De(this,t.get(e)||(t.set(e,t=function(e){for(var t,n,r=1,i=``,a=``,o=[0],s=function(e){r===1&&(e||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,``)))?o.push(0,e,i):r===3&&(e||i)?(o.push(3,e,i),r=2):r===2&&i===`...`&&e?o.push(4,e,0):r===2&&i&&!e?o.push(5,0,!0,i):r>=5&&((i||!e&&r===5)&&(o.push(r,0,i,n),r=6),e&&(o.push(r,e,0,n),r=6)),i=``},c=0;c<e.length;c++){c&&(r===1&&s(),s(c));for(var l=0;l<e[c].length;l++)t=e[c][l],r===1?t===`<`?(s(),o=[o],r=3):i+=t:r===4?i===`--`&&t===`>`?(r=1,i=``):i=t+i[0]:a?t===a?a=``:i+=t:t===`"`||t===`'`?a=t:t===`>`?(s(),r=1):r&&(t===`=`?(r=5,n=i,i=``):t===`/`&&(r<5||e[c][l+1]===`>`)?(s(),r===3&&(o=o[0]),r=o,(o=o[0]).push(2,0,r),r=0):t===` `||t===`	`||t===`
`||t===`\r`?(s(),r=2):i+=t),r===3&&i===`!--`&&(r=4,o=o[0])}return s(),o}(e)),t),arguments,[])).length>1?t:t[0]}var G=ke.bind(b),Ae=class extends Error{constructor(e,t,n,r){super(n),this.status=e,this.name=t,this.details=r||{}}};function je(e,t){let n=t&&typeof t==`object`?t.error:null;return n&&typeof n==`object`&&typeof n.message==`string`?new Ae(n.status||e,n.name||`Error`,n.message,n.details):typeof n==`string`?new Ae(e,`Error`,n):new Ae(e,`Error`,`The server answered ${e}.`)}function Me({page:e=1,pageSize:t=25,sort:n=``,search:r=``,searchField:i=``,status:a=``,locale:o=``,filters:s=[]}={}){let c=[`pagination[page]=${e}`,`pagination[pageSize]=${t}`];return a&&c.push(`status=${a}`),o&&c.push(`locale=${encodeURIComponent(o)}`),n&&c.push(`sort=${encodeURIComponent(n)}`),r&&i&&c.push(`filters[${encodeURIComponent(i)}][$containsi]=${encodeURIComponent(r)}`),c.push(...s),c.join(`&`)}function Ne(e,t,n=1){let r=[`locale=*`,`status=draft`,`fields[0]=documentId`,`fields[1]=locale`,`pagination[pageSize]=${Math.min(Math.max(e.length*t,1),100)}`];return n>1&&r.push(`pagination[page]=${n}`),e.forEach((e,t)=>r.push(`filters[documentId][$in][${t}]=${encodeURIComponent(e)}`)),r.join(`&`)}function Pe(e,t,n,r){let i=[`status=draft`,`fields[0]=documentId`,`pagination[pageSize]=1`,`pagination[withCount]=false`,`filters[${encodeURIComponent(e)}][$eq]=${encodeURIComponent(t)}`];return n&&i.push(`filters[documentId][$ne]=${encodeURIComponent(n)}`),r&&i.push(`locale=${encodeURIComponent(r)}`),i.join(`&`)}function Fe(e){let t=[`status=published`,`fields[0]=documentId`,`pagination[pageSize]=${Math.max(e.length,1)}`];return e.forEach((e,n)=>t.push(`filters[documentId][$in][${n}]=${encodeURIComponent(e)}`)),t.join(`&`)}var Ie=(e,t)=>Le(e,t);function Le(e,t,n=[]){let r=[e&&`status=${e}`,t&&`locale=${encodeURIComponent(t)}`,...n].filter(Boolean);return r.length?`?${r.join(`&`)}`:``}function Re(e){let t=e.schema.pluginOptions;return!!(t&&t.i18n&&t.i18n.localized)}function ze(e,t){return e===`${t}:asc`?`${t}:desc`:`${t}:asc`}function Be(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`collectionType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}function Ve(e,t){if(!e.allowedTypes)return!0;let n=t.startsWith(`image/`)?`images`:t.startsWith(`video/`)?`videos`:t.startsWith(`audio/`)?`audios`:`files`;return e.allowedTypes.includes(n)}function K(e,t,n){let r=t+n;if(r<0||r>=e.length)return e;let i=[...e];return[i[t],i[r]]=[i[r],i[t]],i}function He(e,t){let n=Ue(e),r=n?t[n]:null;return r==null||r===``?t.documentId:String(r)}var Ue=e=>e.view&&e.view.mainField||Xe(e);function We(e,t){let n=Ue(e),r=t&&n&&n!==`id`&&n!==`documentId`?t[n]:null;return r==null?``:String(r)}function Ge(e,t){let n=[`${e}:`];return t.mainField&&n.push(`  mainField: ${t.mainField}`),t.columns&&t.columns.length&&n.push(`  columns: [${t.columns.join(`, `)}]`),t.pageSize&&n.push(`  pageSize: ${t.pageSize}`),t.sort&&n.push(`  sort: ${t.sort}`),`${n.join(`
`)}\n`}function Ke(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`singleType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}var qe=new Set([`string`,`text`,`email`,`uid`,`integer`,`biginteger`,`decimal`,`float`,`boolean`,`date`,`time`,`datetime`,`enumeration`]);function Je(e,t=5){return Object.entries(e.schema.attributes).filter(([,e])=>qe.has(e.type)&&!e.private).slice(0,t).map(([e,t])=>({name:e,type:t.type}))}var Ye=[`string`,`text`,`email`,`uid`];function Xe(e){let t=e.view&&e.view.mainField,n=t&&e.schema.attributes[t];if(n&&Ye.includes(n.type))return t;let r=Object.entries(e.schema.attributes).find(([,e])=>Ye.includes(e.type)&&!e.private);return r?r[0]:``}var Ze=[[`images`,`Images`,[`filters[mime][$startsWith]=image/`]],[`videos`,`Videos`,[`filters[mime][$startsWith]=video/`]],[`audios`,`Audio`,[`filters[mime][$startsWith]=audio/`]],[`files`,`Other files`,[`image/`,`video/`,`audio/`].map((e,t)=>`filters[$and][${t}][mime][$notContainsi]=${e}`)]];function Qe({start:e=0,limit:t=50,search:n=``,kind:r=``}={}){let i=[`start=${e}`,`limit=${t}`,`sort=createdAt:desc`];n&&i.push(`filters[name][$containsi]=${encodeURIComponent(n)}`);let a=Ze.find(([e])=>e===r);return a&&i.push(...a[2]),i.join(`&`)}function q(e){return!e.mime||!e.mime.startsWith(`image/`)?``:e.formats&&e.formats.thumbnail&&e.formats.thumbnail.url||e.url}function $e(e){return e>=1024?`${(e/1024).toFixed(1)} MB`:`${Math.round(e)} KB`}var et=[`entry.create`,`entry.update`,`entry.delete`,`entry.publish`,`media.create`,`media.update`,`media.delete`];function tt(e,t){let n=[...e];for(let e of t.split(`,`).map(e=>e.trim()).filter(Boolean))n.includes(e)||n.push(e);return n}var nt=864e5,rt=[[`Unlimited`,null],[`7 days`,7*nt],[`30 days`,30*nt],[`90 days`,90*nt]];function it(e){return e?`${e.slice(0,10)} ${e.slice(11,16)} UTC`:`—`}function at(e){if(e==null)return``;if(typeof e==`boolean`)return e?`Yes`:`No`;let t=String(e);return t.length>80?`${t.slice(0,79)}…`:t}function ot({base:e=``,token:t=()=>``,onExpired:n=()=>{},fetch:r=globalThis.fetch}={}){async function i(i,a,o){let s={Accept:`application/json`},c=t();c&&(s.Authorization=`Bearer ${c}`),o!==void 0&&(s[`Content-Type`]=`application/json`);let l=await r(e+a,{method:i,headers:s,body:o===void 0?void 0:JSON.stringify(o)}),u=null;try{u=await l.json()}catch{u=null}if(!l.ok){let e=je(l.status,u);throw l.status===401&&c&&n(e),e}return u}async function a(i,a){let o={Accept:`application/json`},s=t();s&&(o.Authorization=`Bearer ${s}`);let c=await r(e+i,{method:`POST`,headers:o,body:a}),l=null;try{l=await c.json()}catch{l=null}if(!c.ok){let e=je(c.status,l);throw c.status===401&&s&&n(e),e}return l}return{signIn:(e,t)=>i(`POST`,`/api/auth/local`,{identifier:e,password:t}),permissions:()=>i(`GET`,`/api/users/me/permissions`),contentTypes:()=>i(`GET`,`/api/content-type-builder/content-types`),components:()=>i(`GET`,`/api/content-type-builder/components`),list:(e,t)=>i(`GET`,`/api/${e}?${Me(t)}`),entry:(e,t,n=``,r=[],a=``)=>i(`GET`,`/api/${e}/${encodeURIComponent(t)}${Le(n,a,r)}`),locales:()=>i(`GET`,`/api/i18n/locales`),pick:(e,t,n)=>i(`GET`,`/api/${e}?pagination[pageSize]=10`+(t&&n?`&filters[${encodeURIComponent(t)}][$containsi]=${encodeURIComponent(n)}`:``)),create:(e,t,n=``,r=``)=>i(`POST`,`/api/${e}${Ie(n,r)}`,{data:t}),update:(e,t,n,r=``,a=``,o=[])=>i(`PUT`,`/api/${e}/${encodeURIComponent(t)}${Le(r,a,o)}`,{data:n}),files:(e={})=>i(`GET`,`/api/upload/files?${Qe(e)}`),describeFile:(e,t)=>{let n=new FormData;return n.append(`fileInfo`,JSON.stringify(t)),a(`/api/upload?id=${e}`,n)},deleteFile:e=>i(`DELETE`,`/api/upload/files/${e}`),upload:(r,i=()=>{})=>new Promise((a,o)=>{let s=new XMLHttpRequest;s.open(`POST`,`${e}/api/upload`);let c=t();c&&s.setRequestHeader(`Authorization`,`Bearer ${c}`),s.upload.onprogress=e=>e.lengthComputable&&i(e.loaded/e.total),s.onload=()=>{let e=null;try{e=JSON.parse(s.responseText)}catch{e=null}if(s.status>=200&&s.status<300){i(1),a(e);return}let t=je(s.status,e);s.status===401&&c&&n(t),o(t)},s.onerror=()=>o(new Ae(0,`NetworkError`,`The upload did not reach the server.`));let l=new FormData;l.append(`files`,r,r.name),s.send(l)}),webhooks:()=>i(`GET`,`/api/admin/webhooks`),createWebhook:e=>i(`POST`,`/api/admin/webhooks`,{data:e}),updateWebhook:(e,t)=>i(`PUT`,`/api/admin/webhooks/${e}`,{data:t}),deleteWebhook:e=>i(`DELETE`,`/api/admin/webhooks/${e}`),deliveries:e=>i(`GET`,`/api/admin/webhooks/${e}/deliveries?pagination[pageSize]=20`),redeliver:(e,t)=>i(`POST`,`/api/admin/webhooks/${e}/deliveries/${t}/redeliver`),tokens:()=>i(`GET`,`/api/admin/api-tokens`),createToken:e=>i(`POST`,`/api/admin/api-tokens`,e),revokeToken:e=>i(`DELETE`,`/api/admin/api-tokens/${e}`),single:async(e,t=``,n=[],r=``)=>{try{return(await i(`GET`,`/api/${e}${Le(t,r,n)}`)).data}catch(e){if(e.status===404)return null;throw e}},saveSingle:(e,t,n=``,r=``,a=[])=>i(`PUT`,`/api/${e}${Le(n,r,a)}`,{data:t}),removeSingle:(e,t=``)=>i(`DELETE`,`/api/${e}${Ie(``,t)}`),published:async(e,t,n=``)=>{if(!t.length)return new Set;let{data:r}=await i(`GET`,`/api/${e}?${Fe(t)}${n?`&locale=${encodeURIComponent(n)}`:``}`);return new Set(r.map(e=>e.documentId))},uidTaken:async(e,t,n,r=``,a=``)=>(await i(`GET`,`/api/${e}?${Pe(t,n,r,a)}`)).data.length>0,localized:async(e,t,n)=>{let r=new Map(t.map(e=>[e,[]]));if(!t.length)return r;for(let a=1,o=1;a<=o;a++){let{data:s,meta:c}=await i(`GET`,`/api/${e}?${Ne(t,n,a)}`);for(let e of s)r.has(e.documentId)&&r.get(e.documentId).push(e.locale);o=c.pagination.pageCount}return r},remove:(e,t,n=``)=>i(`DELETE`,`/api/${e}/${encodeURIComponent(t)}${Ie(``,n)}`),settings:()=>i(`GET`,`/admin/settings.json`),plugins:()=>i(`GET`,`/admin/plugins.json`),views:()=>i(`GET`,`/api/content-manager/views`),saveView:(e,t)=>i(`PUT`,`/api/content-manager/views/${encodeURIComponent(e)}`,{data:t}),request:(e,t,n)=>i(e,t,n)}}var st={string:`text`,uid:`text`,email:`email`,password:`password`,text:`textarea`,richtext:`markdown`,integer:`number`,biginteger:`text`,decimal:`number`,float:`number`,boolean:`checkbox`,date:`date`,time:`time`,datetime:`datetime-local`,enumeration:`select`,json:`json`},ct=e=>st[e];function lt(e,t){if(t==null)return e.input!==`checkbox`&&``;switch(e.input){case`checkbox`:return!!t;case`json`:return JSON.stringify(t,null,2);case`time`:return String(t).slice(0,8);case`datetime-local`:return String(t).slice(0,16);case`password`:return``;default:return String(t)}}function ut(e,t){if(e.input===`checkbox`)return{value:!!t};if(t===``||t==null)return{value:e.input===`password`?void 0:null};switch(e.type){case`integer`:{let n=Number(t);return Number.isInteger(n)?{value:n}:{error:`${e.name} must be a whole number`}}case`decimal`:case`float`:{let n=Number(t);return Number.isFinite(n)?{value:n}:{error:`${e.name} must be a number`}}case`biginteger`:return/^-?\d+$/.test(String(t).trim())?{value:String(t).trim()}:{error:`${e.name} must be a whole number`};case`json`:try{return{value:JSON.parse(t)}}catch{return{error:`${e.name} must be JSON`}}case`datetime`:return{value:`${t}:00.000Z`};default:return{value:t}}}function dt(e,t){let n={},r=[];for(let i of e.details&&e.details.errors||[]){let e=t(Array.isArray(i.path)?i.path.map(String):[]);e?n[e]=n[e]?`${n[e]} ${i.message}`:i.message:r.push(i.message)}return{byField:n,other:Object.keys(n).length||r.length?r:[e.message]}}var ft=e=>dt(e,e=>e[0]||``),pt=null;function mt(e){pt=e}function ht(){let[e,t]=V(window.location.hash);return H(()=>{let e=e=>{pt&&!pt()?history.replaceState(null,``,e.oldURL):t(window.location.hash)};return window.addEventListener(`hashchange`,e),()=>window.removeEventListener(`hashchange`,e)},[]),e.replace(/^#/,``)}var gt={$eq:`is`,$ne:`is not`,$containsi:`contains`,$notContainsi:`does not contain`,$startsWith:`starts with`,$endsWith:`ends with`,$gt:`is greater than`,$gte:`is greater than or equal to`,$lt:`is lower than`,$lte:`is lower than or equal to`,$null:`is null`,$notNull:`is not null`},J=[`$eq`,`$ne`,`$containsi`,`$notContainsi`,`$startsWith`,`$endsWith`,`$null`,`$notNull`],Y=[`$eq`,`$ne`,`$gt`,`$gte`,`$lt`,`$lte`,`$null`,`$notNull`],_t={string:J,text:J,richtext:J,email:J,uid:J,integer:Y,biginteger:Y,decimal:Y,float:Y,date:Y,time:Y,datetime:Y,boolean:[`$eq`],enumeration:[`$eq`,`$ne`]},X=e=>e===`$null`||e===`$notNull`;function vt(e){return Object.entries(e.schema.attributes).filter(([,e])=>_t[e.type]&&!e.private).map(([e,t])=>({name:e,kind:t.type,options:t.enum||[]}))}function yt(e){switch(e.kind){case`integer`:return{type:`number`,step:`1`};case`decimal`:case`float`:return{type:`number`,step:`any`};case`date`:return{type:`date`};case`time`:return{type:`time`};case`datetime`:return{type:`datetime-local`};case`boolean`:return{type:`select`,options:[`true`,`false`]};case`enumeration`:return{type:`select`,options:e.options};default:return{type:`text`}}}function bt(e){let t=yt(e);return{field:e.name,kind:e.kind,operator:_t[e.kind][0],value:t.options?t.options[0]??``:``}}function xt(e){return X(e.operator)||String(e.value).trim()!==``?``:`Enter a value for ${e.field}`}function St(e){if(X(e.operator))return`true`;let t=String(e.value).trim();return e.kind===`datetime`&&/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(t)?`${t}:00.000Z`:t}function Ct(e){return e.map((e,t)=>`filters[$and][${t}][${encodeURIComponent(e.field)}][${e.operator}]=${encodeURIComponent(St(e))}`)}function wt(e){let t=[e.field,gt[e.operator]],n=String(e.value).trim();return X(e.operator)||t.push(e.kind===`datetime`?`${n} UTC`:n),t.join(` `)}function Tt({fields:e,filters:t,onChange:n}){let[r,i]=V(!1),[a,o]=V(()=>e[0]?bt(e[0]):null),[s,c]=V(``),l=U(null);if(!a)return null;let u=e.find(e=>e.name===a.field),d=yt(u),f=()=>l.current&&l.current.focus(),p=e=>{e.preventDefault();let r=xt(a);r?c(r):(n([...t,a]),o(bt(u)),c(``),i(!1),f())},m=e=>{n(t.filter((t,n)=>n!==e)),f()},h=e=>{o({...a,...e}),c(``)};return G`<div class="filters">
    <button type="button" class="secondary" ref=${l} aria-expanded=${r} aria-controls="filter-form"
      onClick=${()=>i(!r)}>Filters${t.length?` (${t.length})`:``}</button>
    ${r&&G`<form id="filter-form" class="filter-form" aria-label="Add a filter" onSubmit=${p}
      onKeyDown=${e=>{e.key===`Escape`&&(i(!1),f())}}>
      <div><label for="filter-field">Field</label>
        <select id="filter-field" value=${a.field}
          onChange=${t=>{o(bt(e.find(e=>e.name===t.target.value))),c(``)}}>
          ${e.map(e=>G`<option value=${e.name}>${e.name}</option>`)}</select></div>
      <div><label for="filter-operator">Operator</label>
        <select id="filter-operator" value=${a.operator} onChange=${e=>h({operator:e.target.value})}>
          ${_t[u.kind].map(e=>G`<option value=${e}>${gt[e]}</option>`)}</select></div>
      ${!X(a.operator)&&G`<div><label for="filter-value">Value</label>
        ${d.type===`select`?G`<select id="filter-value" value=${a.value} onChange=${e=>h({value:e.target.value})}>
              ${d.options.map(e=>G`<option value=${e}>${e}</option>`)}</select>`:G`<input id="filter-value" type=${d.type} step=${d.step} value=${a.value}
              aria-invalid=${s?`true`:void 0} aria-describedby=${s?`filter-problem`:void 0}
              onInput=${e=>h({value:e.target.value})} />`}</div>`}
      <button type="submit">Add filter</button>
      ${s&&G`<p id="filter-problem" class="field-error" role="alert">${s}</p>`}
    </form>`}
    ${t.length>0&&G`<ul class="chips" aria-label="Active filters">
      ${t.map((e,t)=>G`<li key=${`${t}:${wt(e)}`}>
        <button type="button" class="chip secondary" onClick=${()=>m(t)}>
          <span class="visually-hidden">Remove filter </span>${wt(e)} <span aria-hidden="true">✕</span></button></li>`)}
    </ul>`}
  </div>`}function Et(e,{filters:t=[],search:n=``,sort:r=``,page:i=1,locale:a=``}){let o=[...Ct(t)];return n&&o.push(`_q=${encodeURIComponent(n)}`),r&&o.push(`sort=${encodeURIComponent(r)}`),i>1&&o.push(`page=${i}`),a&&o.push(`locale=${encodeURIComponent(a)}`),`#/content/${e}${o.length?`?${o.join(`&`)}`:``}`}var Dt=/^filters\[\$and\]\[(\d+)\]\[([^\][]+)\]\[(\$[A-Za-z]+)\]$/;function Ot(e,t){let n=vt(t),r=new URLSearchParams(e),i=[];for(let[e,t]of r){let r=Dt.exec(e),a=r&&n.find(e=>e.name===r[2]);if(!a||!_t[a.kind].includes(r[3]))continue;let o=X(r[3])?``:t;a.kind===`datetime`&&(o=o.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}):00\.000Z$/,`$1`)),i.push([Number(r[1]),{...bt(a),operator:r[3],value:o}])}i.sort((e,t)=>e[0]-t[0]);let a=Number(r.get(`page`));return{filters:i.map(([,e])=>e),search:r.get(`_q`)||``,sort:r.get(`sort`)||``,page:Number.isInteger(a)&&a>1?a:1,locale:r.get(`locale`)||``}}async function kt(e,t,n=4){let r=Array(e.length).fill(null),i=0;await Promise.all(Array.from({length:Math.min(n,e.length)},async()=>{for(;i<e.length;){let n=i++;try{await t(e[n])}catch(e){r[n]=e.message||String(e)}}}));let a=r.filter(e=>e!==null);return{done:e.length-a.length,messages:a}}function At(e,{done:t,messages:n}){let r=e=>`${e} ${e===1?`entry`:`entries`}`,i=[`${e} ${r(t)}.`];return n.length&&i.push(`${r(n.length)} refused: ${n[0]}`),i.join(` `)}function jt({api:e,type:t,chosen:n,locale:r,can:i,onDone:a}){let[o,s]=V(!1),c=t.schema.pluralName,l=async(e,t,r)=>{if(r&&!window.confirm(r))return;s(!0);let i=await kt(n,t);s(!1),a(At(e,i))},u=n.length;return G`<div class="bulk" role="group" aria-label="Chosen entries">
    <span>${u} ${u===1?`entry`:`entries`} chosen</span>
    ${t.schema.draftAndPublish&&i(`${t.apiID}.update`)&&G`<button type="button" disabled=${o}
      onClick=${()=>l(`Published`,t=>e.update(c,t,{},``,r))}>Publish</button>`}
    ${i(`${t.apiID}.delete`)&&G`<button type="button" class="danger" disabled=${o}
      onClick=${()=>l(`Deleted`,t=>e.remove(c,t,r),`Delete ${u} ${u===1?`entry`:`entries`}?`)}>Delete</button>`}
  </div>`}var Mt=(e,t)=>t(`${e.apiID}.delete`)||e.schema.draftAndPublish&&t(`${e.apiID}.update`);function Nt({id:e,locales:t,value:n,onChange:r}){return G`<div class="locale"><label for=${e}>Locale</label>
    <select id=${e} value=${n} onChange=${e=>r(e.target.value)}>
      ${t.map(e=>G`<option value=${e.code}>${e.name}</option>`)}</select></div>`}var Pt=e=>(e.find(e=>e.isDefault)||e[0]||{code:``}).code,Ft=(e=[],t=[])=>t.filter(t=>e.includes(t.code)).map(e=>e.code).join(`, `),It=e=>Ot(window.location.hash.split(`?`)[1]||``,e);function Lt({api:e,type:t,can:n,locales:r=[]}){let i=Re(t)&&r.length>0,a=It(t),[o,s]=V(i?a.locale||Pt(r):``),c=t.view||{},l=Je(t,1/0),[u,d]=V(c.columns||Je(t).map(e=>e.name)),f=u.map(e=>l.find(t=>t.name===e)).filter(Boolean),p=c.pageSize||25,m=Xe(t),[h,g]=V(a.search),[_,v]=V(a.filters),[y,b]=V(a.search),[x,S]=V(a.page),[C,w]=V(a.sort||c.sort||``),[T,E]=V(0),[D,O]=V([]),[k,A]=V(``);H(()=>{let e=Et(t.apiID,{filters:_,search:h,sort:C===(c.sort||``)?``:C,page:x,locale:i&&o!==Pt(r)?o:``});window.location.hash!==e&&history.replaceState(null,``,e)},[_,h,C,x,o]),H(()=>{let e=()=>{if(!window.location.hash.startsWith(`#/content/${t.apiID}`)||/^#\/content\/[^/?]+\//.test(window.location.hash))return;let e=It(t);v(e.filters),g(e.search),b(e.search),S(e.page),w(e.sort||c.sort||``),i&&s(e.locale||Pt(r))};return window.addEventListener(`hashchange`,e),()=>window.removeEventListener(`hashchange`,e)},[]);let[j,M]=V(null),[N,P]=V(``),F=t.schema.draftAndPublish,[I,ee]=V(new Set),[te,ne]=V(new Map);H(()=>{P(``);let n=!0;return e.list(t.schema.pluralName,{page:x,sort:C,pageSize:p,status:F?`draft`:``,search:h,searchField:m,locale:o,filters:Ct(_)}).then(async a=>{let s=a.data.map(e=>e.documentId),[c,l]=await Promise.all([F?e.published(t.schema.pluralName,s,o):null,i?e.localized(t.schema.pluralName,s,r.length):null]);n&&(c&&ee(c),l&&ne(l),M(a))}).catch(e=>{n&&(P(e.message),M(null))}),O([]),()=>{n=!1}},[x,C,h,o,_,T]),H(()=>A(``),[x,C,h,o,_]);let re=j&&j.meta.pagination,L=Mt(t,n),ie=e=>C===`${e}:asc`?`ascending`:C===`${e}:desc`?`descending`:void 0,ae=e=>`#/content/${t.apiID}/${e.documentId}${o?`?locale=${o}`:``}`;return G`<h1>${t.schema.displayName}</h1>
    <p class="actions">${n(`${t.apiID}.create`)&&G`<a class="button" href=${`#/content/${t.apiID}/new`}>Create new entry</a>`}
      ${n(`contentManager.configureView`)&&G`<a class="button secondary" href=${`#/configure/${t.apiID}`}>Configure the view</a>`}</p>
    <div class="tools">
      ${i&&G`<${Nt} id="list-locale" locales=${r} value=${o} onChange=${e=>{s(e),S(1)}} />`}
      ${m&&G`<form role="search" onSubmit=${e=>{e.preventDefault(),g(y),S(1)}}>
        <label for="search">Search</label>
        <input id="search" type="search" value=${y} onInput=${e=>b(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>`}
      <details>
        <summary>Columns</summary>
        <fieldset><legend>Columns to show</legend>
          ${l.map(e=>G`<label><input type="checkbox" checked=${u.includes(e.name)}
            onChange=${t=>d(t.target.checked?[...u,e.name]:u.filter(t=>t!==e.name))} /> ${e.name}</label>`)}
        </fieldset>
      </details>
      <${Tt} fields=${vt(t)} filters=${_} onChange=${e=>{v(e),S(1)}} />
    </div>
    ${N&&G`<p class="error" role="alert">${N}</p>`}
    ${k&&G`<p class="saved" role="status">${k}</p>`}
    ${L&&D.length>0&&G`<${jt} api=${e} type=${t} chosen=${D} locale=${o} can=${n}
      onDone=${e=>{A(e),E(T+1)}} />`}
    ${j&&G`<div class="table-wrap"><table>
      <caption>${re.total} entries</caption>
      <thead><tr><th scope="col">${L&&G`<input type="checkbox" class="choose" aria-label="Choose every entry of this page"
        checked=${j.data.length>0&&D.length===j.data.length}
        onChange=${e=>O(e.target.checked?j.data.map(e=>e.documentId):[])} />`}id</th>${f.map(e=>G`<th scope="col" aria-sort=${ie(e.name)}>
        <button type="button" onClick=${()=>{w(ze(C,e.name)),S(1)}}>${e.name}</button></th>`)}
        ${F&&G`<th scope="col">Status</th>`}${i&&G`<th scope="col">Available in</th>`}</tr></thead>
      <tbody>${j.data.map(e=>G`<tr key=${e.documentId}><td>${L&&G`<input type="checkbox" class="choose"
        aria-label=${`Choose entry ${e.id}`} checked=${D.includes(e.documentId)}
        onChange=${t=>O(t.target.checked?[...D,e.documentId]:D.filter(t=>t!==e.documentId))} />`}<a
        href=${ae(e)} aria-label=${`Edit entry ${e.id}`}>${e.id}</a></td>${f.map(t=>G`<td>${at(e[t.name])}</td>`)}${F&&G`<td>${I.has(e.documentId)?`Published`:`Draft`}</td>`}${i&&G`<td>${Ft(te.get(e.documentId),r)}</td>`}</tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${x<=1} onClick=${()=>S(x-1)}>Previous</button>
      <span>Page ${re.page} of ${Math.max(re.pageCount,1)}</span>
      <button type="button" class="secondary" disabled=${x>=re.pageCount} onClick=${()=>S(x+1)}>Next</button>
    </div>`}`}var Z=[[`bold`,`**`,`**`],[`italic`,`_`,`_`],[`underline`,`<u>`,`</u>`],[`strikethrough`,`~~`,`~~`],[`code`,"`","`"]],Rt=/[\\*_~`[\]<]/g,zt=e=>e.replace(Rt,e=>`\\${e}`),Bt=e=>e.replace(/[\\)]/g,e=>`\\${e}`);function Vt(e){let t=``,n=new Set,r=e=>{for(let[r,i,a]of[...Z].reverse())n.has(r)&&!e.has(r)&&(t+=a);for(let[r,i]of Z)!n.has(r)&&e.has(r)&&(t+=i);n=e},i=e=>{r(new Set(Z.map(([e])=>e).filter(t=>e[t]))),t+=zt(String(e.text??``))};for(let n of e||[])if(n.type===`link`){r(new Set),t+=`[`;for(let e of n.children||[])i(e);r(new Set),t+=`](${Bt(String(n.url??``))})`}else i(n);return r(new Set),t}function Ht(e){let t=[],n={},r=null,i=e=>{let i=r?r.children:t,a=i[i.length-1];if(a&&a.type===`text`&&Z.every(([e])=>!!a[e]==!!n[e]))a.text+=e;else{let t={type:`text`,text:e};for(let[e]of Z)n[e]&&(t[e]=!0);i.push(t)}},a=0;outer:for(;a<e.length;){let o=e[a];if(o===`\\`&&a+1<e.length)i(e[a+1]),a+=2;else{for(let[t,r,i]of Z){let o=n[t]?i:r;if(e.startsWith(o,a)){n={...n,[t]:!n[t]},a+=o.length;continue outer}}if(o===`[`&&!r)r={type:`link`,url:``,children:[]},a++;else if(o===`]`&&r&&e[a+1]===`(`){let n=a+2,i=``;for(;n<e.length&&e[n]!==`)`;)e[n]===`\\`&&n+1<e.length&&n++,i+=e[n],n++;r.url=i,r.children.length||r.children.push({type:`text`,text:``}),t.push(r),r=null,a=n+1}else i(o),a++}}return r&&t.push({type:`text`,text:`[`},...r.children),t.length||t.push({type:`text`,text:``}),Ut(t)}function Ut(e){let t=[];for(let n of e){let e=t[t.length-1];n.type===`text`&&e&&e.type===`text`&&Z.every(([t])=>!!e[t]==!!n[t])?e.text+=n.text:t.push(n)}return t}function Wt(e,t){let n=[];for(let r of e.children||[])if(r.type===`list`)n.push(...Wt(r,t+1));else{let i=e.format===`ordered`?`1. `:`- `;n.push(`  `.repeat(t)+i+Vt(r.children).replace(/\n/g,`\\
`).replace(/^(\s)/,`\\$1`))}return n}function Gt(e){let t=[];for(let n of e.split(`
`)){let e=t.length-1;e>=0&&/(^|[^\\])(\\\\)*\\$/.test(t[e])?t[e]+=`\n${n}`:t.push(n)}let n=t.filter(e=>e.trim()!==``).map(e=>{let t=/^( *)(- |\d+\. )?([\s\S]*)$/.exec(e);return{depth:Math.floor(t[1].length/2),format:t[2]&&t[2]!==`- `?`ordered`:`unordered`,text:t[3]}}),r={type:`list`,format:n.length?n[0].format:`unordered`,children:[]},i=[r];for(let e of n){for(;i.length-1>e.depth;)i.pop();for(;i.length-1<e.depth;){let t=i[i.length-1],n={type:`list`,format:e.format,indentLevel:i.length,children:[]};t.children.push(n),i.push(n)}i[i.length-1].children.push({type:`list-item`,children:Ht(e.text)})}return r.children.length||r.children.push({type:`list-item`,children:[{type:`text`,text:``}]}),r}var Kt=[[`paragraph`,`Paragraph`],[`heading-1`,`Heading 1`],[`heading-2`,`Heading 2`],[`heading-3`,`Heading 3`],[`heading-4`,`Heading 4`],[`heading-5`,`Heading 5`],[`heading-6`,`Heading 6`],[`quote`,`Quote`],[`code`,`Code`],[`list`,`List`],[`image`,`Image`]];function qt(e){return(Array.isArray(e)?e:[]).map(e=>{switch(e&&e.type){case`paragraph`:return{kind:`paragraph`,text:Vt(e.children)};case`heading`:return{kind:`heading-${e.level||1}`,text:Vt(e.children)};case`quote`:return{kind:`quote`,text:Vt(e.children)};case`code`:return{kind:`code`,text:(e.children||[]).map(e=>e.text??``).join(``),language:e.language||``};case`list`:return{kind:`list`,text:Wt(e,0).join(`
`)};case`image`:return{kind:`image`,text:``,image:e.image||null};default:return{kind:`other`,text:``,node:e}}})}function Jt(e){return e.map(e=>{if(e.kind===`other`)return e.node;if(e.kind.startsWith(`heading-`))return{type:`heading`,level:Number(e.kind.slice(8)),children:Ht(e.text)};switch(e.kind){case`quote`:return{type:`quote`,children:Ht(e.text)};case`code`:{let t={type:`code`,children:[{type:`text`,text:e.text}]};return e.language&&(t.language=e.language),t}case`list`:return Gt(e.text);case`image`:return{type:`image`,image:e.image,children:[{type:`text`,text:``}]};default:return{type:`paragraph`,children:Ht(e.text)}}})}function Yt(e,t){let n=t.findIndex(e=>e.kind===`image`&&!e.image);return n>=0?`${e} block ${n+1} is an image without a file`:``}function Xt(e,t){let n=new Set(t.actions||[]),r=new Map((t.components||[]).map(e=>[e.uid,e])),i=[];for(let[a,o]of Object.entries(e||{})){let e=ct(o.type);if(e)i.push({name:a,kind:`input`,type:o.type,input:e,required:!!o.required,options:o.enum||[],writeOnly:o.type===`password`||!!o.private,targetField:o.type===`uid`&&o.targetField||``});else if(o.type===`relation`){let e=(t.types||[]).find(e=>e.uid===o.target),r=/ToMany$/.test(o.relation||``);e&&!o.private&&n.has(`${e.apiID}.find`)?i.push({name:a,kind:`relation`,target:e,many:r}):o.private||i.push({name:a,kind:`fixed`,why:`a relation to ${e?e.schema.displayName:o.target}, which you may not list`})}else if(o.type===`media`)i.push({name:a,kind:`media`,many:!!o.multiple,allowedTypes:o.allowedTypes||null});else if(o.type===`component`||o.type===`dynamiczone`){let e=o.type===`dynamiczone`,n=(e?o.components||[]:[o.component]).map(e=>r.get(e)).filter(Boolean);i.push({name:a,kind:`component`,zone:e,repeatable:e||!!o.repeatable,required:!!o.required,allowed:n.map(e=>({uid:e.uid,displayName:e.schema.displayName,fields:Xt(e.schema.attributes,t)}))})}else o.type===`blocks`?i.push({name:a,kind:`blocks`,required:!!o.required}):o.private||i.push({name:a,kind:`fixed`,why:`a ${o.type} field, which the panel does not edit`})}return i}function Zt(e,t=`populate`){let n=[];for(let r of e){let e=`${t}[${r.name}]`;if(r.kind===`relation`||r.kind===`media`)n.push(`${e}=true`);else if(r.kind===`component`&&!r.zone){let t=r.allowed[0]?Zt(r.allowed[0].fields,`${e}[populate]`):[];n.push(...t.length?t:[`${e}=true`])}else if(r.kind===`component`)for(let t of r.allowed){let r=`${e}[on][${t.uid}]`,i=Zt(t.fields,`${r}[populate]`);n.push(...i.length?i:[`${r}=true`])}}return n}function Qt(e,t){let n={};for(let r of e){let e=t?t[r.name]:null,i=Array.isArray(e)?e:e?[e]:[];switch(r.kind){case`input`:n[r.name]=r.writeOnly?``:lt(r,e);break;case`relation`:n[r.name]=i.map(e=>({documentId:e.documentId,label:He(r.target,e)}));break;case`media`:n[r.name]=i;break;case`component`:n[r.name]=i.map(e=>en(r,e.__component,e));break;case`blocks`:n[r.name]={items:qt(e),changed:!1}}}return n}function $t(e,t){let n=Qt(e,t),r=(e,t)=>{for(let n of e)n.kind===`component`&&(t[n.name]=(t[n.name]||[]).map(e=>{let t={...e,id:void 0},i=Q(n,e.__component);return r(i?i.fields:[],t),t}));return t};return r(e,n)}function en(e,t,n){let r=Q(e,t);return{id:n?n.id:void 0,__component:r?r.uid:t,...Qt(r?r.fields:[],n)}}function Q(e,t){return e.allowed.find(e=>e.uid===t)||e.allowed[0]}function tn(e,t,n=[]){let r={},i={};for(let a of e){let e=[...n,a.name].join(`.`),o=t[a.name];switch(a.kind){case`input`:{if(a.writeOnly&&!o)break;let{value:t,error:n}=ut(a,o);n?i[e]=n:t!==void 0&&(r[a.name]=t);break}case`relation`:r[a.name]=a.many?{set:(o||[]).map(e=>e.documentId)}:o&&o[0]?o[0].documentId:null;break;case`media`:{let e=(o||[]).map(e=>e.id);r[a.name]=a.many?e:e[0]??null;break}case`component`:{let e=(o||[]).map((e,t)=>{let r=Q(a,e.__component),o=tn(r?r.fields:[],e,[...n,a.name,...a.repeatable?[String(t)]:[]]);Object.assign(i,o.errors);let s={...o.data};return e.id!==void 0&&(s.id=e.id),a.zone&&(s.__component=e.__component),s});r[a.name]=a.repeatable?e:e[0]||null;break}case`blocks`:{if(!o||!o.changed)break;let t=Yt(a.name,o.items);t?i[e]=t:r[a.name]=o.items.length?Jt(o.items):null;break}}}return{data:r,errors:i}}function nn(e,t,n=[]){let r=[];for(let i of e){let e=[...n,i.name];r.push(e.join(`.`)),i.kind===`component`&&(t[i.name]||[]).forEach((t,n)=>{let a=Q(i,t.__component);r.push(...nn(a?a.fields:[],t,[...e,...i.repeatable?[String(n)]:[]]))})}return r}function rn(e,t){let n=new Set(t);return dt(e,e=>{for(let t=e.length;t>0;t--)if(n.has(e.slice(0,t).join(`.`)))return e.slice(0,t).join(`.`);return``})}function an(e){return String(e||``).normalize(`NFD`).replace(/[\u0300-\u036f]/g,``).toLowerCase().replace(/[^a-z0-9]+/g,`-`).replace(/^-+|-+$/g,``).slice(0,200).replace(/-+$/,``)}var on=(function(){let e=typeof document<`u`&&document.createElement(`link`).relList;return e&&e.supports&&e.supports(`modulepreload`)?`modulepreload`:`preload`})(),sn=function(e){return`/admin/`+e},cn={},ln=function(e){return e.pathname.endsWith(`.css`)},un=function(e,t,n){if(t in e)return e[t];let r=n();if(!r){e[t]=void 0;return}let i=r.then(()=>{e[t]=void 0},n=>{throw e[t]=void 0,n});return e[t]=i,i},dn=function(e,t,n){let r=Promise.resolve();if(t&&t.length>0){let e,i=document.querySelector(`meta[property=csp-nonce]`),a=i?.nonce||i?.getAttribute(`nonce`);function o(e){return Promise.all(e.map(e=>Promise.resolve(e).then(e=>({status:`fulfilled`,value:e}),e=>({status:`rejected`,reason:e}))))}function s(e){return import.meta.resolve?new URL(import.meta.resolve(e)):new URL(e,import.meta.url)}r=o(t.map(t=>{t=sn(t,n);let r=s(t),i=ln(r);return un(cn,r.href,()=>{if(e===void 0){e={all:new Set,styles:new Set};let t=document.getElementsByTagName(`link`);for(let n=t.length-1;n>=0;n--){let r=t[n];e.all.add(r.href),r.rel===`stylesheet`&&e.styles.add(r.href)}}if((i?e.styles:e.all).has(r.href))return;let t=document.createElement(`link`);if(t.rel=i?`stylesheet`:on,i||(t.as=`script`),t.crossOrigin=``,t.href=r.href,a&&t.setAttribute(`nonce`,a),document.head.appendChild(t),i)return new Promise((e,n)=>{let i=a=>{t.removeEventListener(`load`,i),t.removeEventListener(`error`,i),a.type===`error`?n(Error(`Unable to preload CSS for ${r}`)):e(a)};t.addEventListener(`load`,i),t.addEventListener(`error`,i)})})}).filter(e=>e!==void 0))}function i(e){let t=new Event(`vite:preloadError`,{cancelable:!0});if(t.payload=e,window.dispatchEvent(t),!t.defaultPrevented)throw e}return r.then(t=>{for(let e of t||[])e.status===`rejected`&&i(e.reason);return e().catch(i)})},fn=[{name:`Bold`,key:`b`,around:[`**`,`**`],empty:`bold text`},{name:`Italic`,key:`i`,around:[`_`,`_`],empty:`italic text`},{name:`Strikethrough`,around:[`~~`,`~~`],empty:`struck text`},{name:`Code`,around:["`","`"],empty:`code`},{name:`Link`,key:`k`,around:[`[`,`](https://)`],empty:`link text`},{name:`Heading`,line:`## `},{name:`Bulleted list`,line:`- `},{name:`Numbered list`,line:`1. `},{name:`Quote`,line:`> `}];function pn(e,t,n,r){if(r.line){let i=e.lastIndexOf(`
`,t-1)+1,a=e.indexOf(`
`,Math.max(n,i)),o=a===-1?e.length:a,s=e.slice(i,o).split(`
`).map(e=>r.line+e).join(`
`);return{text:e.slice(0,i)+s+e.slice(o),start:i,end:i+s.length}}let i=e.slice(t,n)||r.empty,[a,o]=r.around;return{text:e.slice(0,t)+a+i+o+e.slice(n),start:t+a.length,end:t+a.length+i.length}}async function mn(e){let[{marked:t},{default:n}]=await Promise.all([dn(()=>import(`./marked.esm-CYtFtVHW.js`),[]),dn(()=>import(`./purify.es-BQJV6A36.js`),[])]);return n.sanitize(t.parse(String(e||``),{async:!1}))}function hn({common:e,value:t,onChange:n,label:r}){let i=U(null),[a,o]=V(!1),[s,c]=V(null);H(()=>{if(!a){c(null);return}let e=!0;return mn(t).then(t=>e&&c(t)).catch(()=>e&&c(`<p>The preview could not be drawn.</p>`)),()=>{e=!1}},[a,t]);let l=e=>{let r=i.current,a=pn(String(t||``),r.selectionStart,r.selectionEnd,e);n(a.text),requestAnimationFrame(()=>{r.focus(),r.setSelectionRange(a.start,a.end)})};return G`<div class="markdown">
    <div class="md-bar" role="toolbar" aria-label=${`Format ${r}`}>
      ${fn.map(t=>G`<button type="button" class="secondary" disabled=${e.disabled||a}
        aria-label=${t.key?`${t.name} (Ctrl+${t.key.toUpperCase()})`:t.name} onClick=${()=>l(t)}>${t.name}</button>`)}
      <button type="button" class="secondary" aria-pressed=${a} onClick=${()=>o(!a)}>Preview</button>
    </div>
    ${a?G`<div class="md-preview" aria-label=${`Preview of ${r}`} role="region" aria-busy=${s===null}
          dangerouslySetInnerHTML=${{__html:s||``}} />`:G`<textarea ...${e} ref=${i} rows="8" value=${t} onKeyDown=${e=>{let t=(e.ctrlKey||e.metaKey)&&fn.find(t=>t.key===e.key.toLowerCase());t&&(e.preventDefault(),l(t))}} onInput=${e=>n(e.target.value)} />`}
  </div>`}var gn=e=>`field-${e.join(`-`)}`;function _n({api:e,fields:t,value:n,onChange:r,path:i=[],disabled:a,errors:o,can:s,owner:c}){let l=(e,t)=>r({...n,[e]:t});return t.map(t=>{let r=[...i,t.name],u=o[r.join(`.`)],d={key:t.name,api:e,field:t,path:r,disabled:a,error:u,can:s,onChange:e=>l(t.name,e)};switch(t.kind){case`input`:return t.type===`uid`&&!i.length&&c?G`<${yn} ...${d} value=${n[t.name]} derived=${t.targetField?an(n[t.targetField]):``} owner=${c} />`:G`<${vn} ...${d} value=${n[t.name]} derived=${t.targetField?an(n[t.targetField]):``} />`;case`relation`:return G`<${wn} ...${d} chosen=${n[t.name]||[]} />`;case`media`:return G`<${Cn} ...${d} chosen=${n[t.name]||[]}
        canUpload=${s(`upload.upload`)} canBrowse=${s(`upload.find`)} />`;case`component`:return G`<${bn} ...${d} items=${n[t.name]||[]} errors=${o} />`;case`blocks`:return G`<${Sn} ...${d} value=${n[t.name]||{items:[],changed:!1}}
        canBrowse=${s(`upload.find`)} />`;default:return G`<p class="muted field" key=${t.name}><strong>${t.name}</strong>: ${t.why}; a save leaves it as it is.</p>`}})}function vn({field:e,path:t,value:n,derived:r,disabled:i,error:a,onChange:o}){let s=gn(t),c={id:s,name:t.join(`.`),disabled:i,"aria-invalid":a?`true`:void 0,"aria-describedby":a?`${s}-error`:void 0},l;if(e.input===`checkbox`)l=G`<input ...${c} type="checkbox" checked=${n} onChange=${e=>o(e.target.checked)} />`;else if(e.input===`select`)l=G`<select ...${c} value=${n} onChange=${e=>o(e.target.value)}>
      <option value="">—</option>${e.options.map(e=>G`<option value=${e}>${e}</option>`)}</select>`;else if(e.input===`markdown`)l=G`<${hn} common=${c} value=${n} label=${e.name} onChange=${o} />`;else if(e.input===`textarea`||e.input===`json`)l=G`<textarea ...${c} rows=${e.input===`json`?6:4} value=${n} onInput=${e=>o(e.target.value)} />`;else{let t=e.type===`decimal`||e.type===`float`?`any`:e.type===`time`?`1`:void 0;l=G`<input ...${c} type=${e.writeOnly?`password`:e.input} step=${t} value=${n}
      placeholder=${e.writeOnly&&e.input!==`password`?`Not shown: what you type replaces it`:r||void 0}
      autocomplete=${e.writeOnly?`new-password`:`off`} onInput=${e=>o(e.target.value)} />`}return G`<div class="field">
    <label for=${s}>${e.name}${e.required?` *`:``}</label>${l}
    ${a&&G`<p class="field-error" id=${`${s}-error`}>${a}</p>`}
  </div>`}function yn(e){let{api:t,field:n,value:r,derived:i,disabled:a,owner:o,onChange:s}=e,[c,l]=V(``);H(()=>{let e=String(r||``).trim();if(!e){l(``);return}let i=!0,a=setTimeout(()=>{l(`checking`),t.uidTaken(o.plural,n.name,e,o.documentId,o.locale).then(e=>i&&l(e?`taken`:`free`)).catch(()=>i&&l(``))},250);return()=>{i=!1,clearTimeout(a)}},[r,o.locale]);let u=`${gn(e.path)}-availability`;return G`<div class="uid">
    <${vn} ...${e} />
    <div class="uid-tools">
      ${n.targetField&&!a&&G`<button type="button" class="secondary" aria-label=${`Regenerate ${n.name} from ${n.targetField}`}
        disabled=${!i} onClick=${()=>s(i)}>Regenerate</button>`}
      <span id=${u} role="status" class=${c===`taken`?`field-error`:`muted`}>${c===`checking`?`Checking…`:c===`free`?`${r} is available`:c===`taken`?`${r} is already used by another entry`:``}</span>
    </div>
  </div>`}function bn({api:e,field:t,path:n,items:r,disabled:i,error:a,errors:o,can:s,onChange:c}){let[l,u]=V(t.allowed[0]?t.allowed[0].uid:``),d=gn(n),f=n[n.length-1];return G`<fieldset class="field relation" aria-describedby=${a?`${d}-error`:void 0}>
    <legend>${f}</legend>
    ${r.length===0&&G`<p class="muted">None</p>`}
    ${r.map((a,l)=>{let u=Q(t,a.__component),d=`${f} ${l+1}${t.zone?` (${u?u.displayName:a.__component})`:``}`,p=t.repeatable?[...n,String(l)]:n;return G`<fieldset class="part" key=${a.id===void 0?`new-${l}`:a.id}><legend>${d}</legend>
        <${_n} api=${e} fields=${u?u.fields:[]} value=${a} path=${p} disabled=${i} errors=${o} can=${s}
          onChange=${e=>c(r.map((t,n)=>n===l?e:t))} />
        ${!i&&G`<div class="actions">
          ${t.repeatable&&G`<button type="button" class="secondary" aria-label=${`Move ${d} up`} disabled=${l===0}
            onClick=${()=>c(K(r,l,-1))}>↑</button>
            <button type="button" class="secondary" aria-label=${`Move ${d} down`} disabled=${l===r.length-1}
            onClick=${()=>c(K(r,l,1))}>↓</button>`}
          <button type="button" class="secondary" aria-label=${`Remove ${d}`} onClick=${()=>c(r.filter((e,t)=>t!==l))}>Remove</button>
        </div>`}
      </fieldset>`})}
    ${!i&&(t.repeatable||r.length===0)&&G`<div class="picker">
      ${t.zone&&G`<label for=${`${d}-kind`}>Block to add</label>
        <select id=${`${d}-kind`} value=${l} onChange=${e=>u(e.target.value)}>
          ${t.allowed.map(e=>G`<option value=${e.uid}>${e.displayName}</option>`)}</select>`}
      <button type="button" class="secondary" onClick=${()=>{let e=en(t,l,null);c(t.repeatable?[...r,e]:[e])}}>${t.repeatable?`Add to ${f}`:`Add ${f}`}</button>
    </div>`}
    ${a&&G`<p class="field-error" id=${`${d}-error`}>${a}</p>`}
  </fieldset>`}var xn=`Marks: **bold**, _italic_, <u>underline</u>, ~~strikethrough~~, \`code\`, [a link](https://…); a backslash keeps a mark's character as it is. A list's lines are its items ("- " or "1. "), two spaces more per level; a backslash at a line's end goes on with the same item on the next line.`;function Sn({api:e,field:t,path:n,value:r,disabled:i,error:a,canBrowse:o,onChange:s}){let[c,l]=V(null),u=gn(n),d=n[n.length-1],f=r.items,p=e=>s({items:e,changed:!0}),m=(e,t)=>p(f.map((n,r)=>r===e?{...n,...t}:n)),h=async t=>{let n=await e.files({limit:50});l({block:t,list:n.filter(e=>e.mime&&e.mime.startsWith(`image/`))})};return G`<fieldset class="field relation" aria-describedby=${`${u}-help${a?` ${u}-error`:``}`}>
    <legend>${d}</legend>
    <p class="muted" id=${`${u}-help`}>${xn}</p>
    ${f.length===0&&G`<p class="muted">No block</p>`}
    ${f.map((e,t)=>{let n=`${d} block ${t+1}`,r=`${u}-${t}`;return G`<fieldset class="part" key=${t}><legend>${n}</legend>
        ${e.kind===`other`?G`<p class="muted">A ${e.node&&e.node.type} block, which the panel does not edit; kept as it is.</p>`:G`
        <div class="field"><label for=${`${r}-kind`}>Kind</label>
          <select id=${`${r}-kind`} disabled=${i} value=${e.kind} onChange=${e=>m(t,{kind:e.target.value})}>
            ${Kt.map(([e,t])=>G`<option value=${e}>${t}</option>`)}</select></div>
        ${e.kind===`image`?G`<div class="field">
            ${e.image?G`<p>${q(e.image)&&G`<img src=${q(e.image)} alt="" width="48" height="36" class="thumb" />`} ${e.image.name}</p>`:G`<p class="muted">No image chosen</p>`}
            ${!i&&o&&G`<button type="button" class="secondary" onClick=${()=>h(t)}>Choose an image for ${n}</button>`}
            ${c&&c.block===t&&G`<ul class="picker" aria-label=${`Images to pick for ${n}`}>
              ${c.list.length===0?G`<li>No image in the library</li>`:c.list.map(e=>G`<li key=${e.id}>
                <button type="button" class="secondary" aria-label=${`Pick ${e.name}`}
                  onClick=${()=>{m(t,{image:e}),l(null)}}>${e.name}</button></li>`)}</ul>`}
          </div>`:G`<div class="field"><label for=${`${r}-text`}>Text</label>
            <textarea id=${`${r}-text`} disabled=${i} rows=${e.kind===`code`||e.kind===`list`?5:3}
              class=${e.kind===`code`?`code`:void 0} value=${e.text} onInput=${e=>m(t,{text:e.target.value})} /></div>
          ${e.kind===`code`&&G`<div class="field"><label for=${`${r}-language`}>Language</label>
            <input id=${`${r}-language`} disabled=${i} value=${e.language||``} onInput=${e=>m(t,{language:e.target.value})} /></div>`}`}`}
        ${!i&&G`<div class="actions">
          <button type="button" class="secondary" aria-label=${`Move ${n} up`} disabled=${t===0} onClick=${()=>p(K(f,t,-1))}>↑</button>
          <button type="button" class="secondary" aria-label=${`Move ${n} down`} disabled=${t===f.length-1}
            onClick=${()=>p(K(f,t,1))}>↓</button>
          <button type="button" class="secondary" aria-label=${`Remove ${n}`} onClick=${()=>p(f.filter((e,n)=>n!==t))}>Remove</button>
        </div>`}
      </fieldset>`})}
    ${!i&&G`<div class="picker"><button type="button" class="secondary"
      onClick=${()=>p([...f,{kind:`paragraph`,text:``}])}>Add a block to ${d}</button></div>`}
    ${a&&G`<p class="field-error" id=${`${u}-error`}>${a}</p>`}
  </fieldset>`}function Cn({api:e,field:t,path:n,chosen:r,disabled:i,canUpload:a,canBrowse:o,error:s,onChange:c}){let[l,u]=V(null),[d,f]=V(``),[p,m]=V(``),h=`media-${n.join(`-`)}`,g=U(r);g.current=r;let _=e=>c(t.many?[...g.current,e]:[e]);return G`<fieldset class="field relation" aria-describedby=${s?`${h}-error`:void 0}>
    <legend>${t.name}</legend>
    ${r.length===0&&G`<p class="muted">No file</p>`}
    <ol>${r.map((e,n)=>G`<li key=${e.id}>
      ${q(e)?G`<img src=${q(e)} alt="" width="48" height="36" class="thumb" />`:``}<span>${e.name}</span>
      ${!i&&t.many&&G`<button type="button" class="secondary" aria-label=${`Move ${e.name} up`} disabled=${n===0}
        onClick=${()=>c(K(r,n,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.name} down`} disabled=${n===r.length-1}
        onClick=${()=>c(K(r,n,1))}>↓</button>`}
      ${!i&&G`<button type="button" class="secondary" aria-label=${`Remove ${e.name} from ${t.name}`}
        onClick=${()=>c(r.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!i&&G`<div class="picker">
      ${o&&G`<button type="button" class="secondary" onClick=${async()=>{let n=await e.files({limit:50});u(n.filter(e=>Ve(t,e.mime)&&!r.some(t=>t.id===e.id)))}}>Choose from the library</button>`}
      ${a&&G`<label for=${`${h}-upload`}>Upload to ${t.name}</label>
        <input id=${`${h}-upload`} type="file" multiple=${t.many} onChange=${async n=>{let r=[...n.target.files];n.target.value=``,m(``);for(let n of r)if(!Ve(t,n.type||`application/octet-stream`))m(`${t.name} takes ${t.allowedTypes.join(`, `)}, not ${n.name}`);else{f(`Uploading ${n.name}…`);try{let[r]=await e.upload(n);if(_(r),!t.many)break}catch(e){m(e.message)}}f(``)}} />`}
      ${d&&G`<span role="status">${d}</span>`}
      ${l&&G`<ul aria-label=${`Files to pick for ${t.name}`}>${l.length===0?G`<li>No file this field takes</li>`:l.map(e=>G`<li key=${e.id}><button type="button" class="secondary" aria-label=${`Pick ${e.name}`}
          onClick=${()=>{_(e),u(null)}}>${e.name}</button></li>`)}</ul>`}
    </div>`}
    ${p&&G`<p class="field-error">${p}</p>`}
    ${s&&G`<p class="field-error" id=${`${h}-error`}>${s}</p>`}
  </fieldset>`}function wn({api:e,field:t,path:n,chosen:r,disabled:i,error:a,onChange:o}){let[s,c]=V(``),[l,u]=V(null),d=`rel-${n.join(`-`)}`,f=async()=>{let{data:n}=await e.pick(t.target.schema.pluralName,Xe(t.target),s);u(n.filter(e=>!r.some(t=>t.documentId===e.documentId)))},p=e=>{let n={documentId:e.documentId,label:He(t.target,e)};o(t.many?[...r,n]:[n]),u(null),c(``)};return G`<fieldset class="field relation" aria-describedby=${a?`${d}-error`:void 0}>
    <legend>${t.name}</legend>
    ${r.length===0&&G`<p class="muted">None</p>`}
    <ol>${r.map((e,n)=>G`<li key=${e.documentId}><span>${e.label}</span>
      ${!i&&t.many&&G`<button type="button" class="secondary" aria-label=${`Move ${e.label} up`} disabled=${n===0}
        onClick=${()=>o(K(r,n,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.label} down`} disabled=${n===r.length-1}
        onClick=${()=>o(K(r,n,1))}>↓</button>`}
      ${!i&&G`<button type="button" class="secondary" aria-label=${`Remove ${e.label} from ${t.name}`}
        onClick=${()=>o(r.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!i&&G`<div class="picker">
      <label for=${`${d}-search`}>${t.many?`Add to ${t.name}`:`Choose ${t.name}`}</label>
      <input id=${`${d}-search`} type="search" value=${s} onInput=${e=>c(e.target.value)}
        onKeyDown=${e=>{e.key===`Enter`&&(e.preventDefault(),f())}} />
      <button type="button" class="secondary" onClick=${f}>Find</button>
      ${l&&G`<ul aria-label=${`Entries to pick for ${t.name}`}>${l.length===0?G`<li>No entry found</li>`:l.map(e=>G`<li key=${e.documentId}><button type="button" class="secondary"
          aria-label=${`Pick ${He(t.target,e)}`} onClick=${()=>p(e)}>${He(t.target,e)}</button></li>`)}</ul>`}
    </div>`}
    ${a&&G`<p class="field-error" id=${`${d}-error`}>${a}</p>`}
  </fieldset>`}var Tn=Object.freeze({html:G,h:b,useEffect:H,useMemo:W,useRef:U,useState:V,RelationPicker:wn}),En=(e,t)=>(e||[]).filter(e=>t(e.action)),Dn=(e,t,n)=>En(e,n).filter(e=>e.type===t.uid);function On(e,t){let[,n,r,i]=t.split(`?`)[0].split(`/`);return n===`plugins`?e.find(e=>e.plugin===r&&e.path===i):void 0}var kn=new Map;function An(e){return kn.has(e)||kn.set(e,import(e)),kn.get(e)}function jn({addition:e,...t}){let[n,r]=V(null),[i,a]=V(``);H(()=>{let t=!0;return An(e.module).then(e=>{if(typeof e.default!=`function`)throw Error(`its module has no default export to draw`);t&&r(()=>e.default)}).catch(e=>t&&a(e.message)),()=>{t=!1}},[e.module]);let o=`${e.label} (plugin ${e.plugin})`;return i?G`<p class="error" role="alert">${o} could not be drawn: ${i}</p>`:n?G`<${Mn} name=${o}><${n} ...${t} ui=${Tn} /><//>`:G`<p class="muted">Loading ${e.label}…</p>`}var Mn=class extends C{componentDidCatch(e){this.setState({problem:e.message||String(e)})}render({name:e,children:t},{problem:n}){return n?G`<p class="error" role="alert">${e} could not be drawn: ${n}</p>`:t}},Nn=``;function Pn({api:e,type:t,documentId:n,can:r,single:i=!1,ctx:a,locales:o=[],initialLocale:s=``}){let c=Re(t)&&o.length>0,[l,u]=V(c?s||Pt(o):``),[d,f]=V(!1),p=W(()=>Xt(t.schema.attributes,a),[t,a]),m=t.schema.pluralName,h=t.schema.singularName,[g,_]=V(!!n),[v,y]=V(null),[b,x]=V(!1),[S,C]=V({byField:{},other:[]}),[w,T]=V(Nn&&Nn===n?`Saved.`:``),E=r(`${t.apiID}.${n||i?`update`:`create`}`),D=t.schema.draftAndPublish,[O,k]=V(!1),[A,j]=V(``),M=e=>{y(Qt(p,e)),j(We(t,e))};H(()=>{f(!1);let t=!0,r=Zt(p);if(!i&&!n)M(null);else return(i?e.single(h,D?`draft`:``,r,l).then(e=>({data:e})):e.entry(m,n,D?`draft`:``,r,l)).then(({data:e})=>{t&&(M(e),i&&(_(!!e),!e&&c&&f(!0)))}).catch(e=>{t&&(c&&e.status===404?(f(!0),M(null)):C({byField:{},other:[e.message]}))}),D&&i?e.single(h,`published`,[],l).then(e=>t&&k(!!e)).catch(()=>{}):D&&e.published(m,[n],l).then(e=>t&&k(e.has(n))).catch(()=>{}),()=>{t=!1}},[l]),H(()=>{if(!b)return;let e=e=>{e.preventDefault(),e.returnValue=``};return mt(()=>window.confirm(`Leave without saving your changes?`)),window.addEventListener(`beforeunload`,e),()=>{mt(null),window.removeEventListener(`beforeunload`,e)}},[b]);let N=e=>{y(e),x(!0),T(``)},P=async(r,a=!D)=>{r.preventDefault();let{data:o,errors:s}=tn(p,v);if(Object.keys(s).length){C({byField:s,other:[]});return}let c=a?``:`draft`;try{let r=Zt(p),s=i?await e.saveSingle(h,o,c,l,r):n?await e.update(m,n,o,c,l,r):await e.create(m,o,c,l);f(!1),_(!0),C({byField:{},other:[]}),x(!1),a&&D&&k(!0),mt(null),n||i?(T(a&&D?`Published.`:`Saved.`),M(s.data)):(Nn=s.data.documentId,window.location.hash=`#/content/${t.apiID}/${Nn}${l?`?locale=${l}`:``}`)}catch(e){C(rn(e,nn(p,v)))}};return G`<h1>${i?t.schema.displayName:n?A||`Edit ${t.schema.displayName}`:`Create ${t.schema.displayName}`}</h1>
    ${!i&&G`<p><a href=${`#/content/${t.apiID}`}>Back to the list</a></p>`}
    ${c&&G`<${Nt} id="entry-locale" locales=${o} value=${l} onChange=${e=>{(!b||window.confirm(`Leave without saving your changes?`))&&(x(!1),u(e))}} />`}
    ${d&&G`<p class="muted" role="status">No ${(o.find(e=>e.code===l)||{}).name||l} localization yet: Save makes it.</p>
      <${Fn} locales=${o.filter(e=>e.code!==l)} onFill=${async t=>{let r=Zt(p),a=i?await e.single(h,D?`draft`:``,r,t):(await e.entry(m,n,D?`draft`:``,r,t)).data;if(!a)throw Error(`There is no ${(o.find(e=>e.code===t)||{}).name||t} localization to fill in from.`);y($t(p,a)),x(!0),T(``)}} />`}
    ${D&&g&&G`<p>Status: <strong>${O?`Published`:`Draft`}</strong></p>`}
    ${S.other.map(e=>G`<p class="error" role="alert">${e}</p>`)}
    ${w&&G`<p class="saved" role="status">${w}</p>`}
    ${v&&G`<form onSubmit=${P} class="editor">
      <${_n} api=${e} fields=${p} value=${v} disabled=${!E} errors=${S.byField} can=${r} onChange=${N}
        owner=${i?null:{plural:m,documentId:n,locale:l}} />
      <div class="actions">
        ${E&&G`<button type="submit">Save</button>`}
        ${E&&D&&G`<button type="button" onClick=${e=>P(e,!0)}>Publish</button>`}
        ${g&&r(`${t.apiID}.delete`)&&G`<button type="button" class="danger" onClick=${async()=>{if(window.confirm(`Delete this entry?`))try{if(i?await e.removeSingle(h,l):await e.remove(m,n,l),x(!1),mt(null),i){_(!1),k(!1),M(null),T(`Deleted.`);return}window.location.hash=`#/content/${t.apiID}`}catch(e){C(rn(e,nn(p,v)))}}}>Delete</button>`}
      </div>
    </form>`}
    ${g&&n&&Dn(a.sections,t,r).map(i=>G`<section key=${i.module} aria-label=${i.label} class="addition">
      <h2>${i.label}</h2><${jn} addition=${i} api=${e} can=${r} type=${t} documentId=${n} locale=${l} /></section>`)}`}function Fn({locales:e,onFill:t}){let[n,r]=V(e[0]?e[0].code:``),[i,a]=V(``);return e.length?G`<div class="locale fill-in">
    <label for="fill-from">Fill in from another locale</label>
    <select id="fill-from" value=${n} onChange=${e=>r(e.target.value)}>
      ${e.map(e=>G`<option value=${e.code}>${e.name}</option>`)}</select>
    <button type="button" class="secondary" onClick=${async()=>{a(``);try{await t(n)}catch(e){a(e.status===404?`That locale has no localization to fill in from.`:e.message)}}}>Fill in</button>
    ${i&&G`<p class="error" role="alert">${i}</p>`}
  </div>`:null}var In=50;function Ln({api:e,can:t}){let[n,r]=V(null),[i,a]=V(``),[o,s]=V(``),[c,l]=V(``),[u,d]=V(0),[f,p]=V([]),[m,h]=V(null),[g,_]=V(``),v=U(0),y=()=>{let t=++v.current;return e.files({search:i,kind:c,start:u,limit:In}).then(e=>t===v.current&&r(e)).catch(e=>_(e.message))};H(()=>{y()},[i,c,u]);let b=async t=>{let n=[...t].map(e=>({name:e.name,progress:0,error:``}));p(n),await Promise.all([...t].map((t,r)=>e.upload(t,e=>{n[r]={...n[r],progress:e},p([...n])}).then(()=>{n[r]={...n[r],progress:1,done:!0},p([...n])}).catch(e=>{n[r]={...n[r],error:e.message},p([...n])}))),y()},x=e=>{e.preventDefault(),e.dataTransfer&&e.dataTransfer.files.length&&b(e.dataTransfer.files)},S=async t=>{t.preventDefault();try{await e.describeFile(m.id,{name:m.name,alternativeText:m.alternativeText,caption:m.caption}),h(null),y()}catch(e){_(e.message)}},C=async t=>{if(window.confirm(`Delete ${t.name}? Every media field that shows it loses it.`))try{await e.deleteFile(t.id),y()}catch(e){_(e.message)}};return G`<h1>Media Library</h1>
    ${g&&G`<p class="error" role="alert">${g}</p>`}
    <div class="tools">
      <form role="search" onSubmit=${e=>{e.preventDefault(),a(o),d(0)}}>
        <label for="media-search">Search</label>
        <input id="media-search" type="search" value=${o} onInput=${e=>s(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>
      <div class="locale"><label for="media-kind">Type of file</label>
        <select id="media-kind" value=${c} onChange=${e=>{l(e.target.value),d(0)}}>
          <option value="">All</option>${Ze.map(([e,t])=>G`<option value=${e}>${t}</option>`)}</select></div>
      ${t(`upload.upload`)&&G`<div class="dropzone" onDragOver=${e=>e.preventDefault()} onDrop=${x}>
        <label for="upload">Upload files</label>
        <input id="upload" type="file" multiple onChange=${e=>b(e.target.files)} />
        <span>or drop them here</span>
      </div>`}
    </div>
    ${f.length>0&&G`<ul class="uploads" aria-label="Uploads">${f.map(e=>G`<li>
      ${e.name} <progress max="1" value=${e.progress} aria-label=${`Upload of ${e.name}`}></progress>
      ${e.error?G`<span class="field-error">${e.error}</span>`:e.done?` done`:``}</li>`)}</ul>`}
    ${m&&G`<form class="editor" onSubmit=${S}>
      <h2>Edit ${m.name}</h2>
      <div class="field"><label for="file-alt">Alternative text</label>
        <input id="file-alt" value=${m.alternativeText||``} onInput=${e=>h({...m,alternativeText:e.target.value})} /></div>
      <div class="field"><label for="file-caption">Caption</label>
        <input id="file-caption" value=${m.caption||``} onInput=${e=>h({...m,caption:e.target.value})} /></div>
      <div class="actions"><button type="submit">Save</button>
        <button type="button" class="secondary" onClick=${()=>h(null)}>Cancel</button></div>
    </form>`}
    ${n&&G`<div class="table-wrap"><table>
      <caption>${u||n.length===In?`Files ${u+1} to ${u+n.length}`:`${n.length} files`}</caption>
      <thead><tr><th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Size</th>
        <th scope="col">Alternative text</th><th scope="col">Formats</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${n.map(e=>G`<tr key=${e.id}>
        <td>${q(e)?G`<img src=${q(e)} alt=${e.alternativeText||``} width="64" height="48" class="thumb" />`:`—`}</td>
        <td>${e.name}</td><td>${e.mime}</td><td>${$e(e.size)}</td><td>${e.alternativeText||``}</td>
        <td>${e.formats?Object.entries(e.formats).map(([e,t])=>`${e} ${t.width}×${t.height}`).join(`, `):`—`}</td>
        <td class="actions">
          ${t(`upload.upload`)&&G`<button type="button" class="secondary" aria-label=${`Edit ${e.name}`} onClick=${()=>h(e)}>Edit</button>`}
          ${t(`upload.destroy`)&&G`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>C(e)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${u===0} onClick=${()=>d(Math.max(u-In,0))}>Previous</button>
      <button type="button" class="secondary" disabled=${n.length<In} onClick=${()=>d(u+In)}>Next</button>
    </div>`}`}var Rn={collectionType:[`find`,`findOne`,`create`,`update`,`delete`],singleType:[`find`,`update`,`delete`]},zn=[...Rn.collectionType,`readDrafts`];function Bn(e){return[...Rn[e.schema.kind]||[],...e.schema.draftAndPublish?[`readDrafts`]:[]].map(t=>`${e.apiID}.${t}`)}function Vn(e){return e.filter(e=>!e.plugin&&Rn[e.schema.kind]).map(e=>({apiID:e.apiID,label:e.schema.displayName||e.apiID,actions:Bn(e)})).sort((e,t)=>e.label.localeCompare(t.label))}function Hn(e){return e.split(`,`).map(e=>e.trim()).filter(Boolean)}function Un(e,t,n){let r=e.flatMap(e=>e.actions.filter(e=>t.has(e)));for(let e of Hn(n))r.includes(e)||r.push(e);return r}function Wn(e,t,n){let r=new Set(e);for(let e of t.actions)n?r.add(e):r.delete(e);return r}function Gn(e,t){let n=t.actions.filter(t=>e.has(t)).length;return n===0?`none`:n===t.actions.length?`all`:`some`}function Kn(e,t){return Hn(t).some(t=>e.includes(`"${t}"`))?`typed`:`grid`}function qn(e){let t=e.events||[];return{name:e.name,url:e.url,ticked:t.filter(e=>et.includes(e)),typed:t.filter(e=>!et.includes(e)).join(`, `),enabled:e.enabled!==!1,types:e.types||[],headers:Yn(e.headers)}}function Jn(e){return e.filter(e=>e.schema.visible!==!1).map(e=>({name:e.apiID,label:e.schema.displayName||e.apiID})).sort((e,t)=>e.label.localeCompare(t.label))}function Yn(e){return Object.keys(e||{}).sort().map(t=>`${t}: ${e[t]}`).join(`
`)}var Xn=/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;function Zn(e){let t={},n=e.split(`
`).map(e=>e.trim()).filter(Boolean);for(let[e,r]of n.entries()){let n=r.indexOf(`:`),i=n>0?r.slice(0,n).trim():``;if(!Xn.test(i))return{error:`header line ${e+1} is not "Name: value"`};t[i]=r.slice(n+1).trim()}return{headers:t}}function Qn(e){let{headers:t,error:n}=Zn(e.headers||``);if(n)return{errors:{headers:n}};let r={name:e.name.trim(),url:e.url.trim(),events:tt(e.ticked,e.typed),enabled:e.enabled};return(e.types||[]).length&&(r.types=e.types),Object.keys(t).length&&(r.headers=t),{data:r,errors:{}}}var $n=(e,t)=>e.length===t.length&&e.every(e=>t.includes(e));function er(e,t){let n={},r={},i=t.name.trim(),a=t.url.trim(),o=tt(t.ticked,t.typed);i?i!==e.name&&(n.name=i):r.name=`a name is required`,a?a!==e.url&&(n.url=a):r.url=`a URL is required`,o.length?$n(o,e.events||[])||(n.events=o):r.events=`at least one event is required`,t.enabled!==(e.enabled!==!1)&&(n.enabled=t.enabled),$n(t.types||[],e.types||[])||(n.types=t.types||[]);let{headers:s,error:c}=Zn(t.headers||``);return c?r.headers=c:Yn(s)!==Yn(e.headers)&&(n.headers=s),{data:n,errors:r}}function tr({api:e,can:t,types:n=[]}){let r={name:``,url:``,ticked:[`entry.create`],typed:``,enabled:!0,types:[],headers:``},i=W(()=>Jn(n),[n]),[a,o]=V(null),[s,c]=V(r),[l,u]=V(null),[d,f]=V(null),[p,m]=V(``),[h,g]=V(null),[_,v]=V([]),[y,b]=V($),[x,S]=V(``);ye(()=>{let e=x&&document.getElementById(x);e&&(e.focus(),S(``))},[x,a,l]);let C=e=>b(ft(e)),w=()=>e.webhooks().then(({data:e})=>o(e)).catch(C),T=t=>e.deliveries(t.id).then(({data:e})=>{g(t),v(e)}).catch(C);H(()=>{w()},[]);let E=async()=>{let{data:t,errors:n}=Qn(s);if(Object.keys(n).length)return b({byField:n,other:[]}),!1;let{data:r}=await e.createWebhook(t);return f(r),!0},D=e=>{u(null),c(r),b($),e&&S(`hook-edit-${e.id}`)},O=async()=>{let{data:t,errors:n}=er(l,s);return Object.keys(n).length?(b({byField:n,other:[]}),!1):(Object.keys(t).length&&await e.updateWebhook(l.id,t),m(Object.keys(t).length?`Webhook "${t.name||l.name}" saved.`:`Webhook "${l.name}": nothing changed.`),D(l),!0)},k=async e=>{e.preventDefault(),m(``),f(null);try{if(l){if(!await O())return}else{if(!await E())return;b($)}w()}catch(e){C(e)}},A=e=>{u(e),c(qn(e)),b($),f(null),m(``),S(`hook-name`)},j=async t=>{if(window.confirm(`Delete the webhook "${t.name}" and its delivery log?`))try{await e.deleteWebhook(t.id),h&&h.id===t.id&&g(null),l&&l.id===t.id&&D(),w()}catch(e){C(e)}},M=t(l?`webhooks.update`:`webhooks.create`),N=Object.entries(y.byField).filter(([e])=>![`name`,`url`,`events`,`types`,`headers`].includes(e)).map(([,e])=>e);return G`<h1>Webhooks</h1>
    ${[...y.other,...N].map(e=>G`<p class="error" role="alert">${e}</p>`)}
    ${p&&G`<p class="saved" role="status">${p}</p>`}
    ${d&&G`<div class="token-made" role="status">
      <p>Webhook "${d.name}" made. Its signing secret is shown this once.</p>
      <label for="hook-secret">Secret</label><input id="hook-secret" readonly value=${d.secret} />
    </div>`}
    ${M&&G`<${rr} title=${l?`Edit webhook ${l.name}`:`Create new webhook`}
      form=${s} setForm=${c} errors=${y.byField} typeChoices=${i} onSubmit=${k} onCancel=${l&&(()=>D(l))} />`}
    ${a&&G`<div class="table-wrap"><table>
      <caption>${a.length} webhooks</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Types</th><th scope="col">Enabled</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${a.map(e=>G`<tr key=${e.id}><td>${e.name}</td><td>${e.url}</td><td>${(e.events||[]).join(`, `)}</td>
        <td>${(e.types||[]).length?e.types.join(`, `):`all`}</td><td>${e.enabled?`Yes`:`No`}</td><td class="actions">
          ${t(`webhooks.deliveries`)&&G`<button type="button" class="secondary" aria-label=${`Deliveries of ${e.name}`} onClick=${()=>T(e)}>Deliveries</button>`}
          ${t(`webhooks.update`)&&e.source!==`config`&&G`<button type="button" class="secondary" id=${`hook-edit-${e.id}`}
            aria-label=${`Edit ${e.name}`} onClick=${()=>A(e)}>Edit</button>`}
          ${t(`webhooks.delete`)&&e.source!==`config`&&G`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>j(e)}>Delete</button>`}
          ${e.source===`config`&&G`<span class="muted">from config/webhooks.yaml</span>`}
        </td></tr>`)}</tbody>
    </table></div>`}
    ${h&&G`<section aria-label=${`Deliveries of ${h.name}`}>
      <h2>Deliveries of ${h.name}</h2>
      <p><button type="button" class="secondary" onClick=${()=>T(h)}>Refresh</button></p>
      <div class="table-wrap"><table>
        <caption>${_.length} deliveries</caption>
        <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Answer</th>
          <th scope="col">Made</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>${_.map(n=>G`<tr key=${n.id}><td>${n.event}</td><td>${n.status}</td><td>${n.attempts}</td>
          <td>${n.lastStatus||n.lastError||``}</td><td>${it(n.createdAt)}</td><td>
          ${t(`webhooks.redeliver`)&&G`<button type="button" class="secondary" aria-label=${`Redeliver ${n.id}`}
            onClick=${()=>e.redeliver(h.id,n.id).then(()=>T(h)).catch(C)}>Redeliver</button>`}</td></tr>`)}</tbody>
      </table></div>
    </section>`}`}var $={byField:{},other:[]},nr=(e,t,n)=>e[t]?{"aria-invalid":`true`,"aria-describedby":n}:{};function rr({title:e,form:t,setForm:n,errors:r,typeChoices:i,onSubmit:a,onCancel:o}){let s=(e,r)=>n({...t,[e]:r}),c=(e,n)=>s(`types`,n?[...t.types,e]:t.types.filter(t=>t!==e)),l=(e,n)=>s(`ticked`,n?[...t.ticked,e]:t.ticked.filter(t=>t!==e)),u=e=>r[e]&&G`<p class="field-error" id=${`hook-${e}-error`}>${r[e]}</p>`;return G`<form class="editor" onSubmit=${a} onKeyDown=${e=>{e.key===`Escape`&&o&&o()}} aria-labelledby="hook-form-title">
    <h2 id="hook-form-title">${e}</h2>
    <div class="field"><label for="hook-name">Name</label>
      <input id="hook-name" required value=${t.name} ...${nr(r,`name`,`hook-name-error`)}
        onInput=${e=>s(`name`,e.target.value)} />${u(`name`)}</div>
    <div class="field"><label for="hook-url">URL</label>
      <input id="hook-url" type="url" required value=${t.url} ...${nr(r,`url`,`hook-url-error`)}
        onInput=${e=>s(`url`,e.target.value)} />${u(`url`)}</div>
    <fieldset class="field"><legend>Events</legend>
      ${et.map(e=>G`<label class="inline"><input type="checkbox" checked=${t.ticked.includes(e)}
        onChange=${t=>l(e,t.target.checked)} /> ${e}</label>`)}
      <label for="hook-other">Other events (a plugin's, comma-separated)</label>
      <input id="hook-other" value=${t.typed} ...${nr(r,`events`,`hook-events-error`)}
        onInput=${e=>s(`typed`,e.target.value)} />${u(`events`)}
    </fieldset>
    <fieldset class="field"><legend>Content types (none ticked: every type)</legend>
      ${i.map(e=>G`<label class="inline"><input type="checkbox" checked=${t.types.includes(e.name)}
        onChange=${t=>c(e.name,t.target.checked)} /> ${e.label}</label>`)}
      ${r.types&&G`<p class="field-error">${r.types}</p>`}
    </fieldset>
    <div class="field"><label for="hook-headers">Headers</label>
      <p class="muted" id="hook-headers-help">One per line, as X-Team: growth</p>
      <textarea id="hook-headers" rows="3" value=${t.headers} aria-describedby="hook-headers-help"
        ...${nr(r,`headers`,`hook-headers-help hook-headers-error`)}
        onInput=${e=>s(`headers`,e.target.value)} />${u(`headers`)}</div>
    <div class="field"><label class="inline"><input type="checkbox" id="hook-enabled" checked=${t.enabled}
      onChange=${e=>s(`enabled`,e.target.checked)} /> Enabled</label></div>
    <div class="actions"><button type="submit">Save</button>
      ${o&&G`<button type="button" class="secondary" onClick=${o}>Cancel</button>`}</div>
  </form>`}function ir({api:e,can:t,types:n=[]}){let r=W(()=>Vn(n),[n]),i={name:``,description:``,type:`read-only`,lifespan:``,ticked:new Set,typed:``},[a,o]=V(null),[s,c]=V(null),[l,u]=V(i),[d,f]=V($),p=()=>e.tokens().then(({data:e})=>o(e)).catch(e=>f({byField:{},other:[e.message]}));H(()=>{p()},[]);let m=async t=>{t.preventDefault();try{let t=l.lifespan===``?null:Number(l.lifespan),n={name:l.name,description:l.description,type:l.type,lifespan:t};l.type===`custom`&&(n.permissions=Un(r,l.ticked,l.typed));let{data:i}=await e.createToken(n);c(i),f($),u({...l,name:``,description:``,ticked:new Set,typed:``}),p()}catch(e){f(ft(e))}},h=async t=>{if(window.confirm(`Revoke the token "${t.name}"? Requests with it are refused from now on.`))try{await e.revokeToken(t.id),p()}catch(e){f(ft(e))}},g=d.byField.permissions,_=g?Kn(g,l.typed):``,v=G`<p class="field-error" id="token-permissions-error">${g}</p>`,y=Object.entries(d.byField).filter(([e])=>![`name`,`permissions`].includes(e)).map(([,e])=>e);return G`<h1>API Tokens</h1>
    ${[...d.other,...y].map(e=>G`<p class="error" role="alert">${e}</p>`)}
    ${s&&G`<div class="token-made" role="status">
      <p>Token "${s.name}" made. This is the only time it is shown: copy it now.</p>
      <label for="access-key">Token</label>
      <input id="access-key" readonly value=${s.accessKey} onFocus=${e=>e.target.select()} />
    </div>`}
    ${t(`apiTokens.create`)&&G`<form class="editor" onSubmit=${m}>
      <h2>Create new API token</h2>
      <div class="field"><label for="token-name">Name</label>
        <input id="token-name" required value=${l.name} ...${nr(d.byField,`name`,`token-name-error`)}
          onInput=${e=>u({...l,name:e.target.value})} />
        ${d.byField.name&&G`<p class="field-error" id="token-name-error">${d.byField.name}</p>`}</div>
      <div class="field"><label for="token-description">Description</label>
        <input id="token-description" value=${l.description} onInput=${e=>u({...l,description:e.target.value})} /></div>
      <div class="field"><label for="token-type">Token type</label>
        <select id="token-type" value=${l.type} onChange=${e=>u({...l,type:e.target.value})}>
          <option value="read-only">Read-only</option><option value="full-access">Full access</option>
          <option value="custom">Custom</option></select></div>
      ${l.type===`custom`&&G`<fieldset class="field permissions" aria-describedby=${_===`grid`?`token-permissions-error`:void 0}>
        <legend>Permissions</legend>
        ${_===`grid`&&v}
        <${ar} grid=${r} ticked=${l.ticked} onTick=${e=>u({...l,ticked:e})} />
        <label for="token-other">Other actions (a plugin's, comma-separated, as <code>kiln routes</code> lists them)</label>
        <input id="token-other" value=${l.typed} placeholder="analytics.dashboard, users.find"
          ...${_===`typed`?{"aria-invalid":`true`,"aria-describedby":`token-permissions-error`}:{}}
          onInput=${e=>u({...l,typed:e.target.value})} />
        ${_===`typed`&&v}
      </fieldset>`}
      <div class="field"><label for="token-lifespan">Token duration</label>
        <select id="token-lifespan" value=${l.lifespan} onChange=${e=>u({...l,lifespan:e.target.value})}>
          ${rt.map(([e,t])=>G`<option value=${t===null?``:String(t)}>${e}</option>`)}</select></div>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${a&&G`<div class="table-wrap"><table>
      <caption>${a.length} tokens</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Permissions</th><th scope="col">Expires</th>
        <th scope="col">Last used</th><th scope="col">Created</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${a.map(e=>G`<tr key=${e.id}><td>${e.name}</td><td>${e.type}</td>
        <td>${e.type===`custom`?G`<details><summary>${e.permissions.length} actions</summary>
          <ul class="plain">${e.permissions.map(e=>G`<li>${e}</li>`)}</ul></details>`:`all its type allows`}</td>
        <td>${it(e.expiresAt)}</td><td>${it(e.lastUsedAt)}</td><td>${it(e.createdAt)}</td>
        <td>${t(`apiTokens.delete`)&&G`<button type="button" class="danger" aria-label=${`Revoke ${e.name}`} onClick=${()=>h(e)}>Revoke</button>`}</td></tr>`)}</tbody>
    </table></div>`}`}function ar({grid:e,ticked:t,onTick:n}){let r=(e,r)=>{let i=new Set(t);r?i.add(e):i.delete(e),n(i)};return G`<div class="table-wrap"><table class="grid">
    <caption>Actions of each content type</caption>
    <thead><tr><th scope="col">Content type</th><th scope="col">Select all</th>
      ${zn.map(e=>G`<th scope="col">${e}</th>`)}</tr></thead>
    <tbody>${e.map(e=>{let i=Gn(t,e);return G`<tr key=${e.apiID}><th scope="row">${e.label}</th>
        <td><input type="checkbox" aria-label=${`${e.apiID} select all`} checked=${i===`all`}
          indeterminate=${i===`some`} onChange=${r=>n(Wn(t,e,r.target.checked))} /></td>
        ${zn.map(n=>{let i=`${e.apiID}.${n}`;return G`<td>${e.actions.includes(i)&&G`<input type="checkbox" aria-label=${`${e.apiID} ${n}`}
            checked=${t.has(i)} onChange=${e=>r(i,e.target.checked)} />`}</td>`})}</tr>`})}</tbody>
  </table></div>`}var or=[`string`,`text`,`email`,`uid`,`enumeration`,`integer`,`biginteger`,`float`,`decimal`,`date`,`datetime`,`time`],sr=[10,20,25,50,100];function cr(e){return[...Object.entries(e.schema.attributes).filter(([,e])=>or.includes(e.type)&&!e.private).map(([e])=>e),`id`,`documentId`]}var lr=e=>[...Je(e,1/0).map(e=>e.name),`id`,`createdAt`,`updatedAt`];function ur({api:e,type:t,editable:n,file:r,onSaved:i}){let a=t.view||{},o=Je(t,1/0).map(e=>e.name),[s,c]=V(a.mainField||`id`),[l,u]=V(a.columns||[]),[d,f]=V(a.pageSize||25),[p,m]=V((a.sort||``).split(`:`)[0]),[h,g]=V((a.sort||`:asc`).split(`:`)[1]||`asc`),[_,v]=V(``),[y,b]=V(``),x={mainField:s,columns:l,pageSize:d,sort:p?`${p}:${h}`:``},S=async n=>{n.preventDefault(),v(``),b(``);try{let{data:n}=await e.saveView(t.uid,x);i(t.uid,n),v(`Saved to ${r}.`)}catch(e){b(e.message)}},C=(e,t)=>u(t?[...l,e]:l.filter(t=>t!==e));return G`<h1>Configure the view of ${t.schema.displayName}</h1>
    <p><a href=${`#/content/${t.apiID}`}>Back to the list</a></p>
    ${!n&&G`<p class="muted" id="view-readonly">This server does not write ${r} (it does with
      <code>development: true</code> in config/admin.yaml). To keep this view, add these lines to the project's ${r}:</p>
      <pre aria-label=${`The lines for ${r}`}>${Ge(t.apiID,x)}</pre>`}
    <form class="editor" onSubmit=${S} aria-label=${`The view of ${t.schema.displayName}`}>
      <div class="field"><label for="view-main">Entry title (main field)</label>
        <select id="view-main" value=${s} onChange=${e=>c(e.target.value)}>
          ${cr(t).map(e=>G`<option value=${e}>${e}</option>`)}</select>
        <p class="muted">Names an entry in relations, lists and its form's title.</p></div>
      <fieldset class="field"><legend>Columns of the list</legend>
        <ol class="columns">${l.map((e,t)=>G`<li key=${e}><span>${e}</span>
          <button type="button" class="secondary" aria-label=${`Move ${e} up`} disabled=${t===0} onClick=${()=>u(K(l,t,-1))}>↑</button>
          <button type="button" class="secondary" aria-label=${`Move ${e} down`} disabled=${t===l.length-1}
            onClick=${()=>u(K(l,t,1))}>↓</button></li>`)}</ol>
        <div class="inline-choices">${o.map(e=>G`<label class="inline"><input type="checkbox" checked=${l.includes(e)}
          onChange=${t=>C(e,t.target.checked)} /> ${e}</label>`)}</div></fieldset>
      <div class="field"><label for="view-page-size">Entries per page</label>
        <select id="view-page-size" value=${String(d)} onChange=${e=>f(Number(e.target.value))}>
          ${sr.map(e=>G`<option value=${String(e)}>${e}</option>`)}</select></div>
      <div class="field"><label for="view-sort">Sorted by</label>
        <select id="view-sort" value=${p} onChange=${e=>m(e.target.value)}>
          <option value="">The server's order</option>
          ${lr(t).map(e=>G`<option value=${e}>${e}</option>`)}</select></div>
      ${p&&G`<div class="field"><label for="view-order">Order</label>
        <select id="view-order" value=${h} onChange=${e=>g(e.target.value)}>
          <option value="asc">Ascending</option><option value="desc">Descending</option></select></div>`}
      ${y&&G`<p class="error" role="alert">${y}</p>`}
      ${_&&G`<p class="saved" role="status">${_}</p>`}
      ${n&&G`<div class="actions"><button type="submit">Save</button></div>`}
    </form>`}function dr({api:e,can:t}){let[n,r]=V(null),[i,a]=V([]),[o,s]=V(``),[c,l]=V(``),u={username:``,email:``,password:``,role:``},[d,f]=V(u),p=()=>e.request(`GET`,`/api/users?populate=role&sort=username:asc&pagination[pageSize]=100`).then(r).catch(e=>s(e.message));H(()=>{p(),e.request(`GET`,`/api/users-permissions/roles`).then(({roles:e})=>{a(e);let t=e.find(e=>e.type===`authenticated`)||e[0];t&&f(e=>({...e,role:String(t.id)}))}).catch(e=>s(e.message))},[]);let m=async(e,t)=>{s(``),l(``);try{await e(),l(t),p()}catch(e){s(e.message)}},h=t=>{t.preventDefault(),m(async()=>{await e.request(`POST`,`/api/users`,{...d,role:Number(d.role),confirmed:!0}),f({...u,role:d.role})},`Made ${d.username}.`)},g=e=>e.role?e.role.name:`—`;return G`<h1>Users</h1>
    ${o&&G`<p class="error" role="alert">${o}</p>`}
    ${c&&G`<p class="saved" role="status">${c}</p>`}
    ${n&&G`<div class="table-wrap"><table>
      <caption>${n.length} users</caption>
      <thead><tr><th scope="col">Username</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Access</th></tr></thead>
      <tbody>${n.map(n=>G`<tr key=${n.id}>
        <td>${n.username}</td><td>${n.email}</td>
        <td>${t(`users.update`)&&i.length?G`<select aria-label=${`Role of ${n.username}`} value=${n.role?String(n.role.id):``}
            onChange=${t=>m(()=>e.request(`PUT`,`/api/users/${n.id}`,{role:Number(t.target.value)}),`${n.username} is now ${(i.find(e=>String(e.id)===t.target.value)||{}).name}.`)}>
            ${i.map(e=>G`<option value=${String(e.id)}>${e.name}</option>`)}</select>`:g(n)}</td>
        <td>${n.blocked?`Blocked`:`Active`}
          ${t(`users.update`)&&G` <button type="button" class="secondary" aria-label=${`${n.blocked?`Unblock`:`Block`} ${n.username}`}
            onClick=${()=>m(()=>e.request(`PUT`,`/api/users/${n.id}`,{blocked:!n.blocked}),`${n.username} is ${n.blocked?`unblocked`:`blocked`}.`)}>${n.blocked?`Unblock`:`Block`}</button>`}</td>
      </tr>`)}</tbody></table></div>`}
    ${t(`users.create`)&&i.length>0&&G`<form class="editor" aria-label="Create a user" onSubmit=${h}>
      <h2>Create a user</h2>
      <div class="field"><label for="user-username">Username</label>
        <input id="user-username" required value=${d.username} onInput=${e=>f({...d,username:e.target.value})} /></div>
      <div class="field"><label for="user-email">Email</label>
        <input id="user-email" type="email" required value=${d.email} onInput=${e=>f({...d,email:e.target.value})} /></div>
      <div class="field"><label for="user-password">Password</label>
        <input id="user-password" type="password" autocomplete="new-password" required value=${d.password}
          onInput=${e=>f({...d,password:e.target.value})} /></div>
      <div class="field"><label for="user-role">Role</label>
        <select id="user-role" value=${d.role} onChange=${e=>f({...d,role:e.target.value})}>
          ${i.map(e=>G`<option value=${String(e.id)}>${e.name}</option>`)}</select></div>
      <div class="actions"><button type="submit">Create</button></div>
    </form>`}`}function fr({locales:e}){return G`<h1>Internationalization</h1>
    <p class="muted">The locales content is written in. They come from the project's <code>config/i18n.yaml</code>
      (or <code>KILN_LOCALES</code>): change them there and start Kiln again.</p>
    <div class="table-wrap"><table>
      <caption>${e.length} locales</caption>
      <thead><tr><th scope="col">Code</th><th scope="col">Name</th><th scope="col">Default</th></tr></thead>
      <tbody>${e.map(e=>G`<tr key=${e.code}><td>${e.code}</td><td>${e.name}</td><td>${e.isDefault?`Default`:``}</td></tr>`)}</tbody>
    </table></div>`}function pr({api:e,onSignOut:t}){let[n,r]=V(null),[i,a]=V([]),[o,s]=V([]),[c,l]=V([]),[u,d]=V([]),[f,p]=V([]),[m,h]=V({pages:[],cards:[],sections:[]}),[g,_]=V({editable:!1,file:`config/views.yaml`}),[v,y]=V(``),b=ht();H(()=>{let t=e.views().catch(()=>({data:{},meta:{editable:!1,file:`config/views.yaml`}}));Promise.all([e.contentTypes(),e.permissions(),e.components(),e.plugins(),t]).then(([t,n,r,i,a])=>{s(r.data),h(i),_(a.meta),n.data.actions.includes(`i18n.locales`)&&e.locales().then(l).catch(()=>{}),p(n.data.actions),x(t.data.map(e=>({...e,view:a.data[e.uid]})),n.data.actions)}).catch(e=>y(e.message))},[]);let x=(e,t)=>{a(e),r(Be(e,t)),d(Ke(e,t))},S=(e,t)=>x(i.map(n=>n.uid===e?{...n,view:t}:n),f),C=e=>f.includes(e),w=W(()=>({types:i,components:o,actions:f,sections:m.sections}),[i,o,f,m]),T=En(m.pages,C),E=[[`/settings/api-tokens`,`API Tokens`,C(`apiTokens.find`)],[`/settings/locales`,`Internationalization`,c.length>0],[`/settings/users`,`Users`,C(`users.find`)],[`/settings/webhooks`,`Webhooks`,C(`webhooks.find`)]].filter(e=>e[2]),D=On(T,b),[O,k=``]=b.split(`?`),[,A,j,M]=O.split(`/`),N=new URLSearchParams(k).get(`locale`)||``,P=n&&A===`content`&&n.find(e=>e.apiID===j),F=A===`single`&&u.find(e=>e.apiID===j),I=A===`configure`&&C(`contentManager.configureView`)&&i.find(e=>e.apiID===j);return G`<div class="layout">
    <nav aria-label="Content Manager">
      <h2>Content Manager</h2>
      ${n&&G`<ul>${n.map(e=>G`<li key=${e.uid}>
        <a href=${`#/content/${e.apiID}`} aria-current=${P===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${u.length>0&&G`<h3>Single types</h3><ul>${u.map(e=>G`<li key=${e.uid}>
        <a href=${`#/single/${e.apiID}`} aria-current=${F===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${(C(`upload.find`)||T.length>0)&&G`<h2>Plugins</h2><ul>
        ${C(`upload.find`)&&G`<li><a href="#/media" aria-current=${b===`/media`?`page`:void 0}>Media Library</a></li>`}
        ${T.map(e=>G`<li key=${e.module+e.path}><a href=${`#/plugins/${e.plugin}/${e.path}`}
          aria-current=${D===e?`page`:void 0}>${e.label}</a></li>`)}</ul>`}
      ${E.length>0&&G`<h2>Settings</h2><ul>${E.map(([e,t])=>G`<li key=${e}>
        <a href=${`#${e}`} aria-current=${b===e?`page`:void 0}>${t}</a></li>`)}</ul>`}
      <p><button class="secondary" type="button" onClick=${t}>Sign out</button></p>
    </nav>
    <main>
      ${v&&G`<p class="error" role="alert">${v}</p>`}
      ${b===`/settings/api-tokens`&&C(`apiTokens.find`)?G`<${ir} api=${e} can=${C} types=${i} />`:F?G`<${Pn} key=${F.uid} api=${e} type=${F} single can=${C} ctx=${w} locales=${c} />`:I?G`<${ur} key=${I.uid} api=${e} type=${I} editable=${g.editable}
            file=${g.file} onSaved=${S} />`:D?G`<${jn} key=${D.module+D.path} addition=${D} api=${e} can=${C} />`:b===`/media`&&C(`upload.find`)?G`<${Ln} api=${e} can=${C} />`:b===`/settings/locales`&&c.length>0?G`<${fr} locales=${c} />`:b===`/settings/users`&&C(`users.find`)?G`<${dr} api=${e} can=${C} />`:b===`/settings/webhooks`&&C(`webhooks.find`)?G`<${tr} api=${e} can=${C} types=${i} />`:P?M?G`<${Pn} key=${P.uid+M} api=${e} type=${P} documentId=${M===`new`?``:M} can=${C}
            ctx=${w} locales=${c}
            initialLocale=${N} />`:G`<${Lt} key=${P.uid} api=${e} type=${P} can=${C} locales=${c} />`:G`<${mr} api=${e} can=${C} cards=${En(m.cards,C)} />`}
    </main>
  </div>`}function mr({api:e,can:t,cards:n}){return G`<h1>Welcome</h1><p>Choose a collection type.</p>
    ${n.length>0&&G`<div class="cards">${n.map(n=>G`<section class="card" key=${n.module} aria-label=${n.label}>
      <h2>${n.label}</h2><${jn} addition=${n} api=${e} can=${t} /></section>`)}</div>`}`}var hr=window.sessionStorage,gr=`kiln-admin-token`;function _r(){let[e,t]=V(hr.getItem(gr)||``),[n,r]=V(``),i=(e=``)=>{hr.removeItem(gr),t(``),r(e)},a=ot({token:()=>hr.getItem(gr)||``,onExpired:()=>i(`Your session has ended. Sign in again.`)});return e?G`<${pr} api=${a} onSignOut=${()=>i()} />`:G`<${vr} api=${a} notice=${n} onSignedIn=${e=>{hr.setItem(gr,e),r(``),t(e)}} />`}function vr({api:e,notice:t,onSignedIn:n}){let[r,i]=V(``),[a,o]=V(``),[s,c]=V(t),[l,u]=V(!1);return G`<main class="signin">
    <h1>Kiln</h1>
    <form onSubmit=${async t=>{t.preventDefault(),u(!0),c(``);try{let{jwt:t}=await e.signIn(r,a),i=ot({token:()=>t}),[{data:o},s]=await Promise.all([i.permissions(),e.settings()]);if(!s.roles.includes(o.role)){c(`This account may not use the admin panel.`);return}n(t)}catch(e){c(e.message)}finally{u(!1)}}}>
      <label for="email">Email</label>
      <input id="email" type="email" autocomplete="username" required value=${r} onInput=${e=>i(e.target.value)} />
      <label for="password">Password</label>
      <input id="password" type="password" autocomplete="current-password" required value=${a} onInput=${e=>o(e.target.value)} />
      ${s&&G`<p class="error" role="alert">${s}</p>`}
      <button type="submit" disabled=${l}>Login</button>
    </form>
  </main>`}oe(G`<${_r} />`,document.getElementById(`app`));