var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m={},h=[],g=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,_=Array.isArray;function v(e,t){for(var n in t)e[n]=t[n];return e}function y(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function b(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return x(t,s,i,a,null)}function x(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function S(e){return e.children}function C(e,t){this.props=e,this.context=t}function w(e,t){if(t==null)return e.__?w(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?w(e):null}function T(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=v({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),I(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??w(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,L(i,o,a),n.__e=n.__=null,o.__e!=r&&E(o)}}function E(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),E(e)}function D(e){(!e.__d&&(e.__d=!0)&&r.push(e)&&!O.__r++||i!=t.debounceRendering)&&((i=t.debounceRendering)||a)(O)}function O(){try{for(var e,t=1;r.length;)r.length>t&&r.sort(o),e=r.shift(),t=r.length,T(e)}finally{r.length=O.__r=0}}function k(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,g,_,v,y=r&&r.__k||h,b=t.length;for(c=A(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||m,p.__i=d,v=I(e,p,f,i,a,o,s,c,l,u),g=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&B(f.ref,null,p),u.push(p.ref,p.__c||g,p)),_==null&&g!=null&&(_=g),4&p.__u?(c=j(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:g&&(c=g.nextSibling),p.__u&=-7);return n.__e=_,c}function A(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=x(null,o,null,null,null):_(o)?o=e.__k[a]=x(S,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=x(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=M(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=w(s)),te(s,s));return r}function j(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=j(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=w(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function M(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function N(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||g.test(t)?n:n+`px`}function P(e,t,n,r,i){var a,o;n:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||N(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||N(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(u,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[l]=r[l]:(n[l]=d,e.addEventListener(t,a?p:f,a)):e.removeEventListener(t,a?p:f,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break n}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function F(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[c]==null)n[c]=d++;else if(n[c]<r[l])return;return r(t.event?t.event(n):n)}}}function I(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,g,b,x,T,E,D,O,A,j,M,N,P,F=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);n:if(typeof F==`function`){f=s.length;try{if(E=n.props,D=F.prototype&&F.prototype.render,O=(d=F.contextType)&&i[d.__c],A=d?O?O.props.value:d.__:i,r.__c?T=(p=n.__c=r.__c).__=p.__E:(D?n.__c=p=new F(E,A):(n.__c=p=new C(E,A),p.constructor=F,p.render=ne),O&&O.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),D&&p.__s==null&&(p.__s=p.state),D&&F.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=v({},p.__s)),v(p.__s,F.getDerivedStateFromProps(E,p.__s))),g=p.props,b=p.state,p.__v=n,m)D&&F.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),D&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(D&&F.getDerivedStateFromProps==null&&E!==g&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(E,A),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(E,p.__s,A)){n.__v!=r.__v&&(p.props=E,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),h.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=w(r);break n}p.componentWillUpdate!=null&&p.componentWillUpdate(E,p.__s,A),D&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(g,b,x)})}if(p.context=A,p.props=E,p.__P=e,p.__e=!1,j=t.__r,M=0,D)p.state=p.__s,p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),h.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++M<25);p.state=p.__s,p.getChildContext!=null&&(i=v(v({},i),p.getChildContext())),D&&!m&&p.getSnapshotBeforeUpdate!=null&&(x=p.getSnapshotBeforeUpdate(g,b)),N=d!=null&&d.type===S&&d.key==null?R(d.props.children):d,c=k(e,_(N)?N:[N],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),T&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(P=o.length;P--;)y(o[P])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||ee(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=z(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function ee(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(ee))}function L(e,n,r){for(var i=0;i<r.length;i++)B(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function R(e){return typeof e!=`object`||!e||e.__b>0?e:_(e)?e.map(R):e.constructor===void 0?v({},e):null}function z(n,r,i,a,o,s,c,l,u){var d,f,p,h,g,v,b,x=i.props||m,S=r.props,C=r.type;if(C==`svg`?o=`http://www.w3.org/2000/svg`:C==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((g=s[d])&&`setAttribute`in g==!!C&&(C?g.localName==C:g.nodeType==3)){n=g,s[d]=null;break}}if(n==null){if(C==null)return document.createTextNode(S);n=document.createElementNS(o,C,S.is&&S),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(C==null)x===S||l&&n.data==S||(n.data=S);else{if(s=C==`textarea`&&S.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(x={},d=0;d<n.attributes.length;d++)x[(g=n.attributes[d]).name]=g.value;for(d in x)g=x[d],d==`dangerouslySetInnerHTML`?p=g:d==`children`||d in S||d==`value`&&`defaultValue`in S||d==`checked`&&`defaultChecked`in S||P(n,d,null,g,o);for(d in S)g=S[d],d==`children`?h=g:d==`dangerouslySetInnerHTML`?f=g:d==`value`?v=g:d==`checked`?b=g:l&&typeof g!=`function`||x[d]===g||P(n,d,g,x[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),k(r.type==`template`?n.content:n,_(h)?h:[h],r,i,a,C==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&w(i,0),l,u),s!=null)for(d=s.length;d--;)y(s[d]);l&&C!=`textarea`||(d=`value`,C==`progress`&&v==null?n.removeAttribute(`value`):v!=null&&(v!==n[d]||C==`progress`&&!v||C==`option`&&v!=x[d])&&P(n,d,v,x[d],o),d=`checked`,b!=null&&b!=n[d]&&P(n,d,b,x[d],o))}return n}function B(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function te(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||B(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&te(i[a],n,r||typeof e.type!=`function`);r||y(e.__e),e.__c=e.__=e.__e=void 0}function ne(e,t,n){return this.constructor(e,n)}function re(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],I(r,n=(!a&&i||r).__k=b(S,null,[n]),o||m,m,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),L(s,n,c),n.props.children=null}e=h.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,C.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=v({},this.state);typeof e==`function`&&(e=e(v({},n),this.props)),e&&v(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),D(this))},C.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),D(this))},C.prototype.render=S,r=[],a=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,o=function(e,t){return e.__v.__b-t.__v.__b},O.__r=0,s=Math.random().toString(8),c=`__d`+s,l=`__a`+s,u=/(PointerCapture)$|Capture$/i,d=0,f=F(!1),p=F(!0);var V,H,ie,ae,oe=0,se=[],U=t,ce=U.__b,le=U.__r,ue=U.diffed,de=U.__c,fe=U.unmount,pe=U.__;function me(e,t){U.__h&&U.__h(H,e,oe||t),oe=0;var n=H.__H||(H.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function W(e){return oe=1,he(Ce,e)}function he(e,t,n){var r=me(V++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):Ce(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=H,!H.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};H.__f=!0;var a=H.shouldComponentUpdate,o=H.componentWillUpdate;H.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},H.shouldComponentUpdate=i}return r.__N||r.__}function G(e,t){var n=me(V++,3);!U.__s&&Se(n.__H,t)&&(n.__=e,n.u=t,H.__H.__h.push(n))}function ge(e){return oe=5,_e(function(){return{current:e}},[])}function _e(e,t){var n=me(V++,7);return Se(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function ve(){for(var e;e=se.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(K),t.__h.some(xe),t.__h=[]}catch(n){t.__h=[],U.__e(n,e.__v)}}}U.__b=function(e){H=null,ce&&ce(e)},U.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),pe&&pe(e,t)},U.__r=function(e){le&&le(e),V=0;var t=(H=e.__c).__H;t&&(ie===H?(t.__h=[],H.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(K),t.__h.some(xe),t.__h=[],V=0)),ie=H},U.diffed=function(e){ue&&ue(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(se.push(t)!==1&&ae===U.requestAnimationFrame||((ae=U.requestAnimationFrame)||be)(ve)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),ie=H=null},U.__c=function(e,t){t.some(function(e){try{e.__h.some(K),e.__h=e.__h.filter(function(e){return!e.__||xe(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],U.__e(n,e.__v)}}),de&&de(e,t)},U.unmount=function(e){fe&&fe(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{K(e)}catch(e){t=e}}),n.__H=void 0,t&&U.__e(t,n.__v))};var ye=typeof requestAnimationFrame==`function`;function be(e){var t,n=function(){clearTimeout(r),ye&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);ye&&(t=requestAnimationFrame(n))}function K(e){var t=H,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),H=t}function xe(e){var t=H;e.__c=e.__(),H=t}function Se(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function Ce(e,t){return typeof t==`function`?t(e):t}var we=function(e,t,n,r){var i;t[0]=0;for(var a=1;a<t.length;a++){var o=t[a++],s=t[a]?(t[0]|=o?1:2,n[t[a++]]):t[++a];o===3?r[0]=s:o===4?r[1]=Object.assign(r[1]||{},s):o===5?(r[1]=r[1]||{})[t[++a]]=s:o===6?r[1][t[++a]]+=s+``:o?(i=e.apply(s,we(e,s,n,[``,null])),r.push(i),s[0]?t[0]|=2:(t[a-2]=0,t[a]=i)):r.push(s)}return r},Te=new Map;function Ee(e){var t=Te.get(this);return t||(t=new Map,Te.set(this,t)),(t=we(this,t.get(e)||(t.set(e,t=function(e){for(var t,n,r=1,i=``,a=``,o=[0],s=function(e){r===1&&(e||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,``)))?o.push(0,e,i):r===3&&(e||i)?(o.push(3,e,i),r=2):r===2&&i===`...`&&e?o.push(4,e,0):r===2&&i&&!e?o.push(5,0,!0,i):r>=5&&((i||!e&&r===5)&&(o.push(r,0,i,n),r=6),e&&(o.push(r,e,0,n),r=6)),i=``},c=0;c<e.length;c++){c&&(r===1&&s(),s(c));for(var l=0;l<e[c].length;l++)t=e[c][l],r===1?t===`<`?(s(),o=[o],r=3):i+=t:r===4?i===`--`&&t===`>`?(r=1,i=``):i=t+i[0]:a?t===a?a=``:i+=t:t===`"`||t===`'`?a=t:t===`>`?(s(),r=1):r&&(t===`=`?(r=5,n=i,i=``):t===`/`&&(r<5||e[c][l+1]===`>`)?(s(),r===3&&(o=o[0]),r=o,(o=o[0]).push(2,0,r),r=0):t===` `||t===`	`||t===`
`||t===`\r`?(s(),r=2):i+=t),r===3&&i===`!--`&&(r=4,o=o[0])}return s(),o}(e)),t),arguments,[])).length>1?t:t[0]}var q=Ee.bind(b),J=class extends Error{constructor(e,t,n,r){super(n),this.status=e,this.name=t,this.details=r||{}}};function De(e,t){let n=t&&typeof t==`object`?t.error:null;return n&&typeof n==`object`&&typeof n.message==`string`?new J(n.status||e,n.name||`Error`,n.message,n.details):typeof n==`string`?new J(e,`Error`,n):new J(e,`Error`,`The server answered ${e}.`)}function Oe({page:e=1,pageSize:t=25,sort:n=``,search:r=``,searchField:i=``,status:a=``,locale:o=``}={}){let s=[`pagination[page]=${e}`,`pagination[pageSize]=${t}`];return a&&s.push(`status=${a}`),o&&s.push(`locale=${encodeURIComponent(o)}`),n&&s.push(`sort=${encodeURIComponent(n)}`),r&&i&&s.push(`filters[${encodeURIComponent(i)}][$containsi]=${encodeURIComponent(r)}`),s.join(`&`)}function ke(e){let t=[`status=published`,`fields[0]=documentId`,`pagination[pageSize]=${Math.max(e.length,1)}`];return e.forEach((e,n)=>t.push(`filters[documentId][$in][${n}]=${encodeURIComponent(e)}`)),t.join(`&`)}function Ae(e,t){let n=[e&&`status=${e}`,t&&`locale=${encodeURIComponent(t)}`].filter(Boolean);return n.length?`?${n.join(`&`)}`:``}function je(e){let t=e.schema.pluginOptions;return!!(t&&t.i18n&&t.i18n.localized)}function Me(e,t){return e===`${t}:asc`?`${t}:desc`:`${t}:asc`}function Ne(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`collectionType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}function Pe(e,t,n){let r=new Set(n);return Object.entries(e.schema.attributes).filter(([,e])=>e.type===`relation`&&!e.private).map(([e,n])=>({name:e,target:t.find(e=>e.uid===n.target),many:/ToMany$/.test(n.relation)})).filter(e=>e.target&&r.has(`${e.target.apiID}.find`))}function Fe(e){return Object.values(e.schema.attributes).every(e=>ut[e.type])}function Ie(e,t){let n=new Map(t.map(e=>[e.uid,e]));return Object.entries(e.schema.attributes).filter(([,e])=>e.type===`component`||e.type===`dynamiczone`).map(([e,t])=>{let r=t.type===`dynamiczone`,i=(r?t.components:[t.component]).map(e=>n.get(e)).filter(Boolean);return{name:e,zone:r,repeatable:r||!!t.repeatable,allowed:i,editable:i.length>0&&i.every(Fe)}})}function Le(e,t){let n={id:t?t.id:void 0,__component:e.uid};for(let r of dt(e))n[r.name]=ft(r,t?t[r.name]:null);return n}function Re(e,t){let n={},r={};for(let i of e.filter(e=>e.editable)){let e=(t[i.name]||[]).map(e=>{let t=i.allowed.find(t=>t.uid===e.__component)||i.allowed[0],{data:n,errors:a}=mt(dt(t),e);Object.keys(a).length&&(r[i.name]=Object.values(a).join(` `));let o={...n};return e.id!==void 0&&(o.id=e.id),i.zone&&(o.__component=t.uid),o});n[i.name]=i.repeatable?e:e[0]||null}return{data:n,errors:r}}function ze(e){return Object.entries(e.schema.attributes).filter(([,e])=>e.type===`media`).map(([e,t])=>({name:e,many:!!t.multiple,allowedTypes:t.allowedTypes||null}))}function Be(e,t){if(!e.allowedTypes)return!0;let n=t.startsWith(`image/`)?`images`:t.startsWith(`video/`)?`videos`:t.startsWith(`audio/`)?`audios`:`files`;return e.allowedTypes.includes(n)}function Ve(e,t){let n={};for(let r of e){let e=(t[r.name]||[]).map(e=>e.id);n[r.name]=r.many?e:e[0]??null}return n}function He(e,t){let n={};for(let r of e){let e=t[r.name]||[];n[r.name]=r.many?{set:e.map(e=>e.documentId)}:e[0]?e[0].documentId:null}return n}function Y(e,t,n){let r=t+n;if(r<0||r>=e.length)return e;let i=[...e];return[i[t],i[r]]=[i[r],i[t]],i}function Ue(e,t){let n=qe(e);return n&&t[n]||t.documentId}function We(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`singleType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}var Ge=new Set([`string`,`text`,`email`,`uid`,`integer`,`biginteger`,`decimal`,`float`,`boolean`,`date`,`time`,`datetime`,`enumeration`]);function Ke(e,t=5){return Object.entries(e.schema.attributes).filter(([,e])=>Ge.has(e.type)&&!e.private).slice(0,t).map(([e,t])=>({name:e,type:t.type}))}function qe(e){let t=Object.entries(e.schema.attributes).find(([,e])=>[`string`,`text`,`email`,`uid`].includes(e.type)&&!e.private);return t?t[0]:``}function Je({start:e=0,limit:t=50,search:n=``}={}){let r=[`start=${e}`,`limit=${t}`,`sort=createdAt:desc`];return n&&r.push(`filters[name][$containsi]=${encodeURIComponent(n)}`),r.join(`&`)}function Ye(e){return!e.mime||!e.mime.startsWith(`image/`)?``:e.formats&&e.formats.thumbnail&&e.formats.thumbnail.url||e.url}function Xe(e){return e>=1024?`${(e/1024).toFixed(1)} MB`:`${Math.round(e)} KB`}function Ze(e,t){let n=[];for(let r=t-1;r>=0;r--){let t=new Date(Date.UTC(e.getUTCFullYear(),e.getUTCMonth()-r,1)),i=new Date(Date.UTC(t.getUTCFullYear(),t.getUTCMonth()+1,1));n.push({label:t.toISOString().slice(0,7),from:t.toISOString(),to:i.toISOString()})}return n}function Qe(e,t=``){let n=[`filters[createdAt][$gte]=${e.from}`,`filters[createdAt][$lt]=${e.to}`];return t&&n.push(`filters[status][$eq]=${t}`),n.join(`&`)}function $e(e,t,n,r=8){let i=Math.max(...e,0)||1,a=e.length?(t-r*(e.length-1))/e.length:0;return e.map((e,t)=>{let o=Math.round(e/i*n);return{x:Math.round(t*(a+r)),y:n-o,width:Math.round(a),height:o}})}function et(e){let t=new Date(Date.UTC(e.getUTCFullYear(),e.getUTCMonth(),e.getUTCDate()-(e.getUTCDay()+6)%7)),n=[];for(let e=0;e<7;e++){let r=new Date(t.getTime()+e*864e5);n.push({date:r.toISOString().slice(0,10),name:[`Mon`,`Tue`,`Wed`,`Thu`,`Fri`,`Sat`,`Sun`][e]})}let r=new Date(t.getTime()+6048e5);return{days:n,from:t.toISOString().slice(0,19),to:r.toISOString().slice(0,19)}}function tt(e,t){let n={};for(let r of e)(n[t(r).slice(0,10)]||=[]).push(r);return n}function nt(e){let t=[],n=(e,r)=>{if(typeof e==`number`&&![`id`,`order`].includes(r[r.length-1])){let n=/Rate$|^utilization$/.test(r[r.length-1]);t.push({label:r.join(` `),value:n?`${Math.round(e*100)} %`:String(e)})}else if(e&&typeof e==`object`&&!Array.isArray(e))for(let[t,i]of Object.entries(e))n(i,[...r,t])};return n(e,[]),t}var rt=[`entry.create`,`entry.update`,`entry.delete`,`entry.publish`,`entry.unpublish`,`media.create`,`media.update`,`media.delete`];function it(e,t){let n=[...e];for(let e of t.split(`,`).map(e=>e.trim()).filter(Boolean))n.includes(e)||n.push(e);return n}var at=864e5,ot=[[`Unlimited`,null],[`7 days`,7*at],[`30 days`,30*at],[`90 days`,90*at]];function st(e){return e?`${e.slice(0,10)} ${e.slice(11,16)} UTC`:`—`}function ct(e){if(e==null)return``;if(typeof e==`boolean`)return e?`Yes`:`No`;let t=String(e);return t.length>80?`${t.slice(0,79)}…`:t}function lt({base:e=``,token:t=()=>``,onExpired:n=()=>{},fetch:r=globalThis.fetch}={}){async function i(i,a,o){let s={Accept:`application/json`},c=t();c&&(s.Authorization=`Bearer ${c}`),o!==void 0&&(s[`Content-Type`]=`application/json`);let l=await r(e+a,{method:i,headers:s,body:o===void 0?void 0:JSON.stringify(o)}),u=null;try{u=await l.json()}catch{u=null}if(!l.ok){let e=De(l.status,u);throw l.status===401&&c&&n(e),e}return u}async function a(i,a){let o={Accept:`application/json`},s=t();s&&(o.Authorization=`Bearer ${s}`);let c=await r(e+i,{method:`POST`,headers:o,body:a}),l=null;try{l=await c.json()}catch{l=null}if(!c.ok){let e=De(c.status,l);throw c.status===401&&s&&n(e),e}return l}return{signIn:(e,t)=>i(`POST`,`/api/auth/local`,{identifier:e,password:t}),permissions:()=>i(`GET`,`/api/users/me/permissions`),contentTypes:()=>i(`GET`,`/api/content-type-builder/content-types`),components:()=>i(`GET`,`/api/content-type-builder/components`),list:(e,t)=>i(`GET`,`/api/${e}?${Oe(t)}`),entry:(e,t,n=``,r=[],a=``)=>{let o=[n&&`status=${n}`,a&&`locale=${encodeURIComponent(a)}`,...r.map((e,t)=>`populate[${t}]=${encodeURIComponent(e)}`)].filter(Boolean);return i(`GET`,`/api/${e}/${encodeURIComponent(t)}${o.length?`?${o.join(`&`)}`:``}`)},locales:()=>i(`GET`,`/api/i18n/locales`),pick:(e,t,n)=>i(`GET`,`/api/${e}?pagination[pageSize]=10`+(t&&n?`&filters[${encodeURIComponent(t)}][$containsi]=${encodeURIComponent(n)}`:``)),create:(e,t,n=``,r=``)=>i(`POST`,`/api/${e}${Ae(n,r)}`,{data:t}),update:(e,t,n,r=``,a=``)=>i(`PUT`,`/api/${e}/${encodeURIComponent(t)}${Ae(r,a)}`,{data:n}),files:({start:e=0,limit:t=50,search:n=``}={})=>i(`GET`,`/api/upload/files?${Je({start:e,limit:t,search:n})}`),describeFile:(e,t)=>{let n=new FormData;return n.append(`fileInfo`,JSON.stringify(t)),a(`/api/upload?id=${e}`,n)},deleteFile:e=>i(`DELETE`,`/api/upload/files/${e}`),upload:(r,i=()=>{})=>new Promise((a,o)=>{let s=new XMLHttpRequest;s.open(`POST`,`${e}/api/upload`);let c=t();c&&s.setRequestHeader(`Authorization`,`Bearer ${c}`),s.upload.onprogress=e=>e.lengthComputable&&i(e.loaded/e.total),s.onload=()=>{let e=null;try{e=JSON.parse(s.responseText)}catch{e=null}if(s.status>=200&&s.status<300){i(1),a(e);return}let t=De(s.status,e);s.status===401&&c&&n(t),o(t)},s.onerror=()=>o(new J(0,`NetworkError`,`The upload did not reach the server.`));let l=new FormData;l.append(`files`,r,r.name),s.send(l)}),dashboard:()=>i(`GET`,`/api/analytics/dashboard`),figures:(e,t)=>i(`GET`,`/api/analytics/${e}/${encodeURIComponent(t)}`),count:async(e,t)=>{let{meta:n}=await i(`GET`,`/api/${e}?${t}&pagination[pageSize]=1&fields[0]=documentId`);return n.pagination.total},coachEvents:(e,t,n)=>i(`GET`,`/api/events?filters[coach][id][$eq]=${e}&filters[startAt][$gte]=${t}&filters[startAt][$lt]=${n}&sort=startAt:asc&pagination[pageSize]=100`),availability:(e,t,n)=>i(`GET`,`/api/coaches/${e}/availability?from=${t}&to=${n}&duration=30`),coachLearners:e=>i(`GET`,`/api/coaches/${e}/learners?pagination[pageSize]=100`),assign:(e,t)=>i(`POST`,`/api/coaches/${e}/learners`,{learners:t}),unassign:(e,t)=>i(`DELETE`,`/api/coaches/${e}/learners/${encodeURIComponent(t)}`),webhooks:()=>i(`GET`,`/api/admin/webhooks`),createWebhook:e=>i(`POST`,`/api/admin/webhooks`,{data:e}),deleteWebhook:e=>i(`DELETE`,`/api/admin/webhooks/${e}`),deliveries:e=>i(`GET`,`/api/admin/webhooks/${e}/deliveries?pagination[pageSize]=20`),redeliver:(e,t)=>i(`POST`,`/api/admin/webhooks/${e}/deliveries/${t}/redeliver`),tokens:()=>i(`GET`,`/api/admin/api-tokens`),createToken:e=>i(`POST`,`/api/admin/api-tokens`,e),revokeToken:e=>i(`DELETE`,`/api/admin/api-tokens/${e}`),single:async(e,t=``)=>{try{return(await i(`GET`,`/api/${e}${t?`?status=${t}`:``}`)).data}catch(e){if(e.status===404)return null;throw e}},saveSingle:(e,t,n=``)=>i(`PUT`,`/api/${e}${n?`?status=${n}`:``}`,{data:t}),removeSingle:e=>i(`DELETE`,`/api/${e}`),published:async(e,t,n=``)=>{if(!t.length)return new Set;let{data:r}=await i(`GET`,`/api/${e}?${ke(t)}${n?`&locale=${encodeURIComponent(n)}`:``}`);return new Set(r.map(e=>e.documentId))},remove:(e,t,n=``)=>i(`DELETE`,`/api/${e}/${encodeURIComponent(t)}${Ae(``,n)}`),settings:()=>i(`GET`,`/admin/settings.json`)}}var ut={string:`text`,uid:`text`,email:`email`,password:`password`,text:`textarea`,richtext:`textarea`,integer:`number`,biginteger:`text`,decimal:`number`,float:`number`,boolean:`checkbox`,date:`date`,time:`time`,datetime:`datetime-local`,enumeration:`select`,json:`json`};function dt(e){return Object.entries(e.schema.attributes).filter(([,e])=>ut[e.type]).map(([e,t])=>({name:e,type:t.type,input:ut[t.type],required:!!t.required,options:t.enum||[]}))}function ft(e,t){if(t==null)return e.input!==`checkbox`&&``;switch(e.input){case`checkbox`:return!!t;case`json`:return JSON.stringify(t,null,2);case`time`:return String(t).slice(0,8);case`datetime-local`:return String(t).slice(0,16);case`password`:return``;default:return String(t)}}function pt(e,t){if(e.input===`checkbox`)return{value:!!t};if(t===``||t==null)return{value:e.input===`password`?void 0:null};switch(e.type){case`integer`:{let n=Number(t);return Number.isInteger(n)?{value:n}:{error:`${e.name} must be a whole number`}}case`decimal`:case`float`:{let n=Number(t);return Number.isFinite(n)?{value:n}:{error:`${e.name} must be a number`}}case`biginteger`:return/^-?\d+$/.test(String(t).trim())?{value:String(t).trim()}:{error:`${e.name} must be a whole number`};case`json`:try{return{value:JSON.parse(t)}}catch{return{error:`${e.name} must be JSON`}}case`datetime`:return{value:`${t}:00.000Z`};default:return{value:t}}}function mt(e,t){let n={},r={};for(let i of e){let{value:e,error:a}=pt(i,t[i.name]);a?r[i.name]=a:e!==void 0&&(n[i.name]=e)}return{data:n,errors:r}}function X(e){let t={},n=[];for(let r of e.details&&e.details.errors||[]){let e=Array.isArray(r.path)&&r.path.length?String(r.path[0]):``;e?t[e]=t[e]?`${t[e]} ${r.message}`:r.message:n.push(r.message)}return{byField:t,other:Object.keys(t).length||n.length?n:[e.message]}}var ht=null;function gt(e){ht=e}function _t(){let[e,t]=W(window.location.hash);return G(()=>{let e=e=>{ht&&!ht()?history.replaceState(null,``,e.oldURL):t(window.location.hash)};return window.addEventListener(`hashchange`,e),()=>window.removeEventListener(`hashchange`,e)},[]),e.replace(/^#/,``)}function vt({id:e,locales:t,value:n,onChange:r}){return q`<div class="locale"><label for=${e}>Locale</label>
    <select id=${e} value=${n} onChange=${e=>r(e.target.value)}>
      ${t.map(e=>q`<option value=${e.code}>${e.name}</option>`)}</select></div>`}var yt=e=>(e.find(e=>e.isDefault)||e[0]||{code:``}).code;function bt({api:e,type:t,can:n,locales:r=[]}){let i=je(t)&&r.length>0,[a,o]=W(i?yt(r):``),s=Ke(t,1/0),[c,l]=W(Ke(t).map(e=>e.name)),u=s.filter(e=>c.includes(e.name)),d=qe(t),[f,p]=W(``),[m,h]=W(``),[g,_]=W(1),[v,y]=W(``),[b,x]=W(null),[S,C]=W(``),w=t.schema.draftAndPublish,[T,E]=W(new Set);G(()=>{C(``);let n=!0;return e.list(t.schema.pluralName,{page:g,sort:v,pageSize:25,status:w?`draft`:``,search:f,searchField:d,locale:a}).then(async r=>{let i=w?await e.published(t.schema.pluralName,r.data.map(e=>e.documentId),a):null;n&&(i&&E(i),x(r))}).catch(e=>n&&C(e.message)),()=>{n=!1}},[g,v,f,a]);let D=b&&b.meta.pagination,O=e=>v===`${e}:asc`?`ascending`:v===`${e}:desc`?`descending`:void 0,k=e=>`#/content/${t.apiID}/${e.documentId}${a?`?locale=${a}`:``}`;return q`<h1>${t.schema.displayName}</h1>
    ${n(`${t.apiID}.create`)&&q`<p><a class="button" href=${`#/content/${t.apiID}/new`}>Create new entry</a></p>`}
    <div class="tools">
      ${i&&q`<${vt} id="list-locale" locales=${r} value=${a} onChange=${e=>{o(e),_(1)}} />`}
      ${d&&q`<form role="search" onSubmit=${e=>{e.preventDefault(),p(m),_(1)}}>
        <label for="search">Search</label>
        <input id="search" type="search" value=${m} onInput=${e=>h(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>`}
      <details>
        <summary>Columns</summary>
        <fieldset><legend>Columns to show</legend>
          ${s.map(e=>q`<label><input type="checkbox" checked=${c.includes(e.name)}
            onChange=${t=>l(t.target.checked?[...c,e.name]:c.filter(t=>t!==e.name))} /> ${e.name}</label>`)}
        </fieldset>
      </details>
    </div>
    ${S&&q`<p class="error" role="alert">${S}</p>`}
    ${b&&q`<div class="table-wrap"><table>
      <caption>${D.total} entries</caption>
      <thead><tr><th scope="col">id</th>${u.map(e=>q`<th scope="col" aria-sort=${O(e.name)}>
        <button type="button" onClick=${()=>{y(Me(v,e.name)),_(1)}}>${e.name}</button></th>`)}
        ${w&&q`<th scope="col">Status</th>`}</tr></thead>
      <tbody>${b.data.map(e=>q`<tr key=${e.documentId}><td><a href=${k(e)} aria-label=${`Edit entry ${e.id}`}>${e.id}</a></td>${u.map(t=>q`<td>${ct(e[t.name])}</td>`)}${w&&q`<td>${T.has(e.documentId)?`Published`:`Draft`}</td>`}</tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${g<=1} onClick=${()=>_(g-1)}>Previous</button>
      <span>Page ${D.page} of ${Math.max(D.pageCount,1)}</span>
      <button type="button" class="secondary" disabled=${g>=D.pageCount} onClick=${()=>_(g+1)}>Next</button>
    </div>`}`}function xt({field:e,items:t,disabled:n,error:r,onChange:i}){let[a,o]=W(e.allowed[0]?e.allowed[0].uid:``),s=`part-${e.name}`;if(!e.editable)return q`<fieldset class="field relation"><legend>${e.name}</legend>
      <p class="muted">${t.length||`No`} ${e.zone?`blocks`:`entries`}: not editable in the panel yet; a save leaves ${e.name} as it is.</p>
    </fieldset>`;let c=t=>{let n=e.allowed.find(e=>e.uid===t);return n?n.schema.displayName:t},l=(e,n,r)=>i(t.map((t,i)=>i===e?{...t,[n]:r}:t));return q`<fieldset class="field relation" aria-describedby=${r?`${s}-error`:void 0}>
    <legend>${e.name}</legend>
    ${t.length===0&&q`<p class="muted">None</p>`}
    ${t.map((r,a)=>{let o=e.allowed.find(e=>e.uid===r.__component)||e.allowed[0],u=`${e.name} ${a+1}${e.zone?` (${c(r.__component)})`:``}`;return q`<fieldset class="part" key=${a}><legend>${u}</legend>
        ${dt(o).map(e=>{let t=`${s}-${a}-${e.name}`,i=r[e.name],o=e.input===`checkbox`?q`<input id=${t} type="checkbox" disabled=${n} checked=${i} onChange=${t=>l(a,e.name,t.target.checked)} />`:e.input===`select`?q`<select id=${t} disabled=${n} value=${i} onChange=${t=>l(a,e.name,t.target.value)}>
                <option value="">—</option>${e.options.map(e=>q`<option value=${e}>${e}</option>`)}</select>`:e.input===`textarea`||e.input===`json`?q`<textarea id=${t} disabled=${n} rows="3" value=${i} onInput=${t=>l(a,e.name,t.target.value)} />`:q`<input id=${t} disabled=${n} type=${e.input} step=${e.type===`time`?`1`:e.type===`decimal`||e.type===`float`?`any`:void 0}
                  value=${i} onInput=${t=>l(a,e.name,t.target.value)} />`;return q`<div class="field"><label for=${t}>${e.name}</label>${o}</div>`})}
        ${!n&&q`<div class="actions">
          ${e.repeatable&&q`<button type="button" class="secondary" aria-label=${`Move ${u} up`} disabled=${a===0}
            onClick=${()=>i(Y(t,a,-1))}>↑</button>
            <button type="button" class="secondary" aria-label=${`Move ${u} down`} disabled=${a===t.length-1}
            onClick=${()=>i(Y(t,a,1))}>↓</button>`}
          <button type="button" class="secondary" aria-label=${`Remove ${u}`} onClick=${()=>i(t.filter((e,t)=>t!==a))}>Remove</button>
        </div>`}
      </fieldset>`})}
    ${!n&&(e.repeatable||t.length===0)&&q`<div class="picker">
      ${e.zone&&q`<label for=${`${s}-kind`}>Block to add</label>
        <select id=${`${s}-kind`} value=${a} onChange=${e=>o(e.target.value)}>
          ${e.allowed.map(e=>q`<option value=${e.uid}>${e.schema.displayName}</option>`)}</select>`}
      <button type="button" class="secondary" onClick=${()=>{let n=e.allowed.find(e=>e.uid===a)||e.allowed[0];i(e.repeatable?[...t,Le(n,null)]:[Le(n,null)])}}>${e.repeatable?`Add to ${e.name}`:`Add ${e.name}`}</button>
    </div>`}
    ${r&&q`<p class="field-error" id=${`${s}-error`}>${r}</p>`}
  </fieldset>`}function St({api:e,field:t,chosen:n,disabled:r,canUpload:i,canBrowse:a,error:o,onChange:s}){let[c,l]=W(null),[u,d]=W(``),[f,p]=W(``),m=`media-${t.name}`,h=ge(n);h.current=n;let g=e=>s(t.many?[...h.current,e]:[e]);return q`<fieldset class="field relation" aria-describedby=${o?`${m}-error`:void 0}>
    <legend>${t.name}</legend>
    ${n.length===0&&q`<p class="muted">No file</p>`}
    <ol>${n.map((e,i)=>q`<li key=${e.id}>
      ${Ye(e)?q`<img src=${Ye(e)} alt="" width="48" height="36" class="thumb" />`:``}<span>${e.name}</span>
      ${!r&&t.many&&q`<button type="button" class="secondary" aria-label=${`Move ${e.name} up`} disabled=${i===0}
        onClick=${()=>s(Y(n,i,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.name} down`} disabled=${i===n.length-1}
        onClick=${()=>s(Y(n,i,1))}>↓</button>`}
      ${!r&&q`<button type="button" class="secondary" aria-label=${`Remove ${e.name} from ${t.name}`}
        onClick=${()=>s(n.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!r&&q`<div class="picker">
      ${a&&q`<button type="button" class="secondary" onClick=${async()=>{let r=await e.files({limit:50});l(r.filter(e=>Be(t,e.mime)&&!n.some(t=>t.id===e.id)))}}>Choose from the library</button>`}
      ${i&&q`<label for=${`${m}-upload`}>Upload to ${t.name}</label>
        <input id=${`${m}-upload`} type="file" multiple=${t.many} onChange=${async n=>{let r=[...n.target.files];n.target.value=``,p(``);for(let n of r)if(!Be(t,n.type||`application/octet-stream`))p(`${t.name} takes ${t.allowedTypes.join(`, `)}, not ${n.name}`);else{d(`Uploading ${n.name}…`);try{let[r]=await e.upload(n);if(g(r),!t.many)break}catch(e){p(e.message)}}d(``)}} />`}
      ${u&&q`<span role="status">${u}</span>`}
      ${c&&q`<ul aria-label=${`Files to pick for ${t.name}`}>${c.length===0?q`<li>No file this field takes</li>`:c.map(e=>q`<li key=${e.id}><button type="button" class="secondary" aria-label=${`Pick ${e.name}`}
          onClick=${()=>{g(e),l(null)}}>${e.name}</button></li>`)}</ul>`}
    </div>`}
    ${f&&q`<p class="field-error">${f}</p>`}
    ${o&&q`<p class="field-error" id=${`${m}-error`}>${o}</p>`}
  </fieldset>`}function Ct({api:e,field:t,chosen:n,disabled:r,error:i,onChange:a}){let[o,s]=W(``),[c,l]=W(null),u=`rel-${t.name}`,d=async()=>{let{data:r}=await e.pick(t.target.schema.pluralName,qe(t.target),o);l(r.filter(e=>!n.some(t=>t.documentId===e.documentId)))},f=e=>{let r={documentId:e.documentId,label:Ue(t.target,e)};a(t.many?[...n,r]:[r]),l(null),s(``)};return q`<fieldset class="field relation" aria-describedby=${i?`${u}-error`:void 0}>
    <legend>${t.name}</legend>
    ${n.length===0&&q`<p class="muted">None</p>`}
    <ol>${n.map((e,i)=>q`<li key=${e.documentId}><span>${e.label}</span>
      ${!r&&t.many&&q`<button type="button" class="secondary" aria-label=${`Move ${e.label} up`} disabled=${i===0}
        onClick=${()=>a(Y(n,i,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.label} down`} disabled=${i===n.length-1}
        onClick=${()=>a(Y(n,i,1))}>↓</button>`}
      ${!r&&q`<button type="button" class="secondary" aria-label=${`Remove ${e.label} from ${t.name}`}
        onClick=${()=>a(n.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!r&&q`<div class="picker">
      <label for=${`${u}-search`}>${t.many?`Add to ${t.name}`:`Choose ${t.name}`}</label>
      <input id=${`${u}-search`} type="search" value=${o} onInput=${e=>s(e.target.value)}
        onKeyDown=${e=>{e.key===`Enter`&&(e.preventDefault(),d())}} />
      <button type="button" class="secondary" onClick=${d}>Find</button>
      ${c&&q`<ul aria-label=${`Entries to pick for ${t.name}`}>${c.length===0?q`<li>No entry found</li>`:c.map(e=>q`<li key=${e.documentId}><button type="button" class="secondary"
          aria-label=${`Pick ${Ue(t.target,e)}`} onClick=${()=>f(e)}>${Ue(t.target,e)}</button></li>`)}</ul>`}
    </div>`}
    ${i&&q`<p class="field-error" id=${`${u}-error`}>${i}</p>`}
  </fieldset>`}function wt({api:e,can:t}){let[n,r]=W(null),[i,a]=W(``),[o,s]=W(null),[c,l]=W([]),[u,d]=W(``),f=et(new Date);G(()=>{e.list(`coaches`,{pageSize:100,sort:`name:asc`}).then(({data:e})=>{r(e),e[0]&&a(String(e[0].id))}).catch(e=>d(e.message))},[]);let p=()=>t(`coaching.learners`)&&e.coachLearners(i).then(({data:e})=>l(e)).catch(e=>d(e.message));G(()=>{i&&(d(``),Promise.all([e.coachEvents(i,f.from,f.to),e.availability(i,f.from,f.to)]).then(([e,t])=>s({events:tt(e.data,e=>e.startAt),free:tt(t.data,e=>e.start),timezone:t.meta.timezone})).catch(e=>d(e.message)),p())},[i]);let m=e=>e.slice(11,16),h=async t=>{d(``);try{await e.assign(i,[t.documentId]),p()}catch(e){d(e.message)}},g=async t=>{try{await e.unassign(i,t.documentId),p()}catch(e){d(e.message)}},_=n&&n.find(e=>String(e.id)===i);return q`<h1>Coach's week</h1>
    ${u&&q`<p class="error" role="alert">${u}</p>`}
    ${n&&q`<div class="locale"><label for="coach">Coach</label>
      <select id="coach" value=${i} onChange=${e=>a(e.target.value)}>
        ${n.map(e=>q`<option value=${String(e.id)}>${e.name}</option>`)}</select></div>`}
    ${o&&q`<p class="muted">Week of ${f.days[0].date} (times in UTC; the coach's time zone is ${o.timezone}).</p>
      <div class="week">${f.days.map(e=>q`<section aria-label=${`${e.name} ${e.date}`} class="day">
        <h2>${e.name} <span class="muted">${e.date.slice(5)}</span></h2>
        <ul>${(o.events[e.date]||[]).map(e=>q`<li class="event">${m(e.startAt)}–${m(e.endAt)} ${e.title}</li>`)}
          ${(o.free[e.date]||[]).map(e=>q`<li class="free">Free ${m(e.start)}–${m(e.end)}</li>`)}</ul>
      </section>`)}</div>`}
    ${_&&t(`coaching.learners`)&&q`<section aria-label="Learners">
      <h2>Learners of ${_.name}${_.maxLearners?` (${c.length} of ${_.maxLearners})`:``}</h2>
      <ul>${c.map(e=>q`<li key=${e.documentId}>${e.name||e.documentId}
        ${t(`coaching.unassign`)&&q`<button type="button" class="secondary" aria-label=${`Unassign ${e.name}`} onClick=${()=>g(e)}>Unassign</button>`}</li>`)}</ul>
      ${t(`coaching.assign`)&&q`<${Ct} api=${e} field=${{name:`learners`,many:!0,target:{apiID:`learner`,schema:{pluralName:`learners`,attributes:{name:{type:`string`}}}}}}
        chosen=${[]} disabled=${!1}
        onChange=${e=>{let t=e.find(e=>!c.some(t=>t.documentId===e.documentId));t&&h(t)}} />`}
    </section>`}`}function Z({title:e,items:t}){let n=$e(t.map(e=>e.value),320,120);return q`<figure class="chart">
    <figcaption>${e}</figcaption>
    <svg viewBox=${`0 -16 320 156`} role="img" aria-label=${`${e}: ${t.map(e=>`${e.label} ${e.shown??e.value}`).join(`, `)}`}>
      ${n.map((e,n)=>q`<g>
        <rect x=${e.x} y=${e.y} width=${e.width} height=${e.height} class="bar" />
        <text x=${e.x+e.width/2} y=${e.y-4} text-anchor="middle">${t[n].shown??t[n].value}</text>
        <text x=${e.x+e.width/2} y=${134} text-anchor="middle">${t[n].label}</text>
      </g>`)}
    </svg>
  </figure>`}function Tt({api:e,can:t}){let[n,r]=W(null),[i,a]=W(null),[o,s]=W(``);G(()=>{if(e.dashboard().then(({data:e})=>r(e)).catch(e=>s(e.message)),t(`enrollment.find`)){let t=Ze(new Date,6);Promise.all(t.flatMap(t=>[e.count(`enrollments`,Qe(t)),e.count(`enrollments`,Qe(t,`completed`))])).then(e=>a(t.map((t,n)=>({label:t.label.slice(5),made:e[2*n],completed:e[2*n+1]})))).catch(e=>s(e.message))}},[]);let c=e=>`${Math.round((e||0)*100)} %`,l=e=>Object.entries(e||{}).map(([e,t])=>({label:e,value:t}));return q`<h1>Dashboard</h1>
    ${o&&q`<p class="error" role="alert">${o}</p>`}
    ${n&&q`<dl class="figures">
      <div><dt>Programs</dt><dd>${n.programs.total}</dd></div>
      <div><dt>Active customers</dt><dd>${n.customers.active} of ${n.customers.total}</dd></div>
      <div><dt>Active learners</dt><dd>${n.learners.active} of ${n.learners.total}</dd></div>
      <div><dt>Coach utilisation</dt><dd>${c(n.coaches.utilization)}</dd></div>
      <div><dt>Completion rate</dt><dd>${c(n.enrollments.completionRate)}</dd></div>
      <div><dt>Events in the next 7 days</dt><dd>${n.events.next7Days}</dd></div>
      <div><dt>Attendance, last 30 days</dt><dd>${c(n.attendance.rate30Days)}</dd></div>
    </dl>
    <div class="charts">
      <${Z} title="Programs by status" items=${l(n.programs.byStatus)} />
      <${Z} title="Enrolments by status" items=${l(n.enrollments.byStatus)} />
      <${Z} title="Coach utilisation" items=${[{label:`booked`,value:n.coaches.utilization,shown:c(n.coaches.utilization)},{label:`free`,value:1-n.coaches.utilization,shown:c(1-n.coaches.utilization)}]} />
      ${i&&q`<${Z} title="Enrolments by month" items=${i.map(e=>({label:e.label,value:e.made}))} />
        <${Z} title="Completed enrolments by month" items=${i.map(e=>({label:e.label,value:e.completed}))} />`}
    </div>`}`}var Et=[`program`,`customer`,`coach`];function Dt({api:e,type:t,documentId:n,can:r}){let[i,a]=W(null),o=Et.includes(t.apiID)&&n&&r(`analytics.${t.apiID}`);return G(()=>{o&&e.figures(t.schema.pluralName,n).then(({data:e})=>a(nt(e))).catch(()=>a([]))},[n]),!o||!i?null:q`<section aria-label="Figures" class="figures-of">
    <h2>Figures</h2>
    <dl class="figures">${i.map(e=>q`<div><dt>${e.label}</dt><dd>${e.value}</dd></div>`)}</dl>
  </section>`}var Q=``;function Ot({api:e,type:t,documentId:n,can:r,single:i=!1,relations:a=[],components:o=[],locales:s=[],initialLocale:c=``}){let l=!i&&je(t)&&s.length>0,[u,d]=W(l?c||yt(s):``),[f,p]=W(!1),m=dt(t),h=i?[]:ze(t),g=i?[]:Ie(t,o),[_,v]=W({}),[y,b]=W({}),[x,S]=W({}),C=t.schema.pluralName,w=t.schema.singularName,[T,E]=W(!!n),[D,O]=W(null),[k,A]=W(!1),[j,M]=W({byField:{},other:[]}),[N,P]=W(Q&&Q===n?`Saved.`:``),F=r(`${t.apiID}.${n||i?`update`:`create`}`),I=t.schema.draftAndPublish,[ee,L]=W(!1),R=e=>O(Object.fromEntries(m.map(t=>[t.name,ft(t,e?e[t.name]:null)])));G(()=>{if(i){e.single(w,I?`draft`:``).then(e=>{E(!!e),R(e)}).catch(e=>M({byField:{},other:[e.message]})),I&&e.single(w,`published`).then(e=>L(!!e)).catch(()=>{});return}if(!n){R(null);return}p(!1);let t=!0;return e.entry(C,n,I?`draft`:``,[...a.map(e=>e.name),...h.map(e=>e.name),...g.map(e=>e.name)],u).then(({data:e})=>{t&&(R(e),v(Object.fromEntries(g.map(t=>{let n=e[t.name],r=Array.isArray(n)?n:n?[n]:[];return[t.name,r.map(e=>Le(t.allowed.find(t=>t.uid===e.__component)||t.allowed[0],e))]}))),S(Object.fromEntries(h.map(t=>{let n=e[t.name];return[t.name,Array.isArray(n)?n:n?[n]:[]]}))),b(Object.fromEntries(a.map(t=>{let n=e[t.name],r=Array.isArray(n)?n:n?[n]:[];return[t.name,r.map(e=>({documentId:e.documentId,label:Ue(t.target,e)}))]}))))}).catch(e=>{t&&(l&&e.status===404?(p(!0),R(null),b({}),S({}),v({})):M({byField:{},other:[e.message]}))}),I&&e.published(C,[n],u).then(e=>t&&L(e.has(n))).catch(()=>{}),()=>{t=!1}},[u]),G(()=>{if(!k)return;let e=e=>{e.preventDefault(),e.returnValue=``};return gt(()=>window.confirm(`Leave without saving your changes?`)),window.addEventListener(`beforeunload`,e),()=>{gt(null),window.removeEventListener(`beforeunload`,e)}},[k]);let z=(e,t)=>{O({...D,[e]:t}),A(!0),P(``)},B=async(r,o=!I)=>{r.preventDefault();let{data:s,errors:c}=mt(m,D),{data:l,errors:d}=Re(g,_);if(Object.keys(c).length||Object.keys(d).length){M({byField:{...c,...d},other:[]});return}let f={...s,...He(a,y),...Ve(h,x),...l},v=o?``:`draft`;try{let r=i?await e.saveSingle(w,f,v):n?await e.update(C,n,f,v,u):await e.create(C,f,v,u);p(!1),E(!0),M({byField:{},other:[]}),A(!1),o&&I&&L(!0),gt(null),n||i?P(o&&I?`Published.`:`Saved.`):(Q=r.data.documentId,window.location.hash=`#/content/${t.apiID}/${Q}${u?`?locale=${u}`:``}`)}catch(e){M(X(e))}};return q`<h1>${i?t.schema.displayName:n?`Edit ${t.schema.displayName}`:`Create ${t.schema.displayName}`}</h1>
    ${!i&&q`<p><a href=${`#/content/${t.apiID}`}>Back to the list</a></p>`}
    ${l&&q`<${vt} id="entry-locale" locales=${s} value=${u} onChange=${e=>{(!k||window.confirm(`Leave without saving your changes?`))&&(A(!1),d(e))}} />`}
    ${f&&q`<p class="muted" role="status">No ${(s.find(e=>e.code===u)||{}).name||u} localization yet: Save makes it.</p>`}
    ${I&&T&&q`<p>Status: <strong>${ee?`Published`:`Draft`}</strong></p>`}
    ${j.other.map(e=>q`<p class="error" role="alert">${e}</p>`)}
    ${N&&q`<p class="saved" role="status">${N}</p>`}
    ${D&&q`<form onSubmit=${B} class="editor">
      ${m.map(e=>{let t=`field-${e.name}`,n=j.byField[e.name],r={id:t,name:e.name,disabled:!F,"aria-invalid":n?`true`:void 0,"aria-describedby":n?`${t}-error`:void 0},i;if(e.input===`checkbox`)i=q`<input ...${r} type="checkbox" checked=${D[e.name]} onChange=${t=>z(e.name,t.target.checked)} />`;else if(e.input===`select`)i=q`<select ...${r} value=${D[e.name]} onChange=${t=>z(e.name,t.target.value)}>
        <option value="">—</option>${e.options.map(e=>q`<option value=${e}>${e}</option>`)}</select>`;else if(e.input===`textarea`||e.input===`json`)i=q`<textarea ...${r} rows=${e.input===`json`?6:4} value=${D[e.name]} onInput=${t=>z(e.name,t.target.value)} />`;else{let t=e.type===`decimal`||e.type===`float`?`any`:e.type===`time`?`1`:void 0;i=q`<input ...${r} type=${e.input} step=${t} value=${D[e.name]}
        autocomplete=${e.input===`password`?`new-password`:`off`} onInput=${t=>z(e.name,t.target.value)} />`}return q`<div class="field">
      <label for=${t}>${e.name}${e.required?` *`:``}</label>${i}
      ${n&&q`<p class="field-error" id=${`${t}-error`}>${n}</p>`}
    </div>`})}
      ${g.map(e=>q`<${xt} key=${e.name} field=${e} items=${_[e.name]||[]} disabled=${!F}
        error=${j.byField[e.name]} onChange=${t=>{v(n=>({...n,[e.name]:t})),A(!0),P(``)}} />`)}
      ${h.map(t=>q`<${St} key=${t.name} api=${e} field=${t} chosen=${x[t.name]||[]}
        disabled=${!F} canUpload=${r(`upload.upload`)} canBrowse=${r(`upload.find`)} error=${j.byField[t.name]}
        onChange=${e=>{S(n=>({...n,[t.name]:e})),A(!0),P(``)}} />`)}
      ${a.map(t=>q`<${Ct} key=${t.name} api=${e} field=${t} chosen=${y[t.name]||[]}
        disabled=${!F} error=${j.byField[t.name]}
        onChange=${e=>{b(n=>({...n,[t.name]:e})),A(!0),P(``)}} />`)}
      <div class="actions">
        ${F&&q`<button type="submit">Save</button>`}
        ${F&&I&&q`<button type="button" onClick=${e=>B(e,!0)}>Publish</button>`}
        ${T&&r(`${t.apiID}.delete`)&&q`<button type="button" class="danger" onClick=${async()=>{if(window.confirm(`Delete this entry?`))try{if(i?await e.removeSingle(w):await e.remove(C,n,u),A(!1),gt(null),i){E(!1),L(!1),R(null),P(`Deleted.`);return}window.location.hash=`#/content/${t.apiID}`}catch(e){M(X(e))}}}>Delete</button>`}
      </div>
    </form>`}
    ${!i&&q`<${Dt} api=${e} type=${t} documentId=${n} can=${r} />`}`}function kt({api:e,can:t}){let[n,r]=W(null),[i,a]=W(``),[o,s]=W(``),[c,l]=W([]),[u,d]=W(null),[f,p]=W(``),m=ge(0),h=()=>{let t=++m.current;return e.files({search:i}).then(e=>t===m.current&&r(e)).catch(e=>p(e.message))};G(()=>{h()},[i]);let g=async t=>{let n=[...t].map(e=>({name:e.name,progress:0,error:``}));l(n),await Promise.all([...t].map((t,r)=>e.upload(t,e=>{n[r]={...n[r],progress:e},l([...n])}).catch(e=>{n[r]={...n[r],error:e.message},l([...n])}))),h()},_=e=>{e.preventDefault(),e.dataTransfer&&e.dataTransfer.files.length&&g(e.dataTransfer.files)},v=async t=>{t.preventDefault();try{await e.describeFile(u.id,{name:u.name,alternativeText:u.alternativeText,caption:u.caption}),d(null),h()}catch(e){p(e.message)}},y=async t=>{if(window.confirm(`Delete ${t.name}? Every media field that shows it loses it.`))try{await e.deleteFile(t.id),h()}catch(e){p(e.message)}};return q`<h1>Media Library</h1>
    ${f&&q`<p class="error" role="alert">${f}</p>`}
    <div class="tools">
      <form role="search" onSubmit=${e=>{e.preventDefault(),a(o)}}>
        <label for="media-search">Search</label>
        <input id="media-search" type="search" value=${o} onInput=${e=>s(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>
      ${t(`upload.upload`)&&q`<div class="dropzone" onDragOver=${e=>e.preventDefault()} onDrop=${_}>
        <label for="upload">Upload files</label>
        <input id="upload" type="file" multiple onChange=${e=>g(e.target.files)} />
        <span>or drop them here</span>
      </div>`}
    </div>
    ${c.length>0&&q`<ul class="uploads" aria-label="Uploads">${c.map(e=>q`<li>
      ${e.name} <progress max="1" value=${e.progress} aria-label=${`Upload of ${e.name}`}></progress>
      ${e.error?q`<span class="field-error">${e.error}</span>`:e.progress>=1?` done`:``}</li>`)}</ul>`}
    ${u&&q`<form class="editor" onSubmit=${v}>
      <h2>Edit ${u.name}</h2>
      <div class="field"><label for="file-alt">Alternative text</label>
        <input id="file-alt" value=${u.alternativeText||``} onInput=${e=>d({...u,alternativeText:e.target.value})} /></div>
      <div class="field"><label for="file-caption">Caption</label>
        <input id="file-caption" value=${u.caption||``} onInput=${e=>d({...u,caption:e.target.value})} /></div>
      <div class="actions"><button type="submit">Save</button>
        <button type="button" class="secondary" onClick=${()=>d(null)}>Cancel</button></div>
    </form>`}
    ${n&&q`<div class="table-wrap"><table>
      <caption>${n.length} files</caption>
      <thead><tr><th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Size</th>
        <th scope="col">Alternative text</th><th scope="col">Formats</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${n.map(e=>q`<tr key=${e.id}>
        <td>${Ye(e)?q`<img src=${Ye(e)} alt=${e.alternativeText||``} width="64" height="48" class="thumb" />`:`—`}</td>
        <td>${e.name}</td><td>${e.mime}</td><td>${Xe(e.size)}</td><td>${e.alternativeText||``}</td>
        <td>${e.formats?Object.entries(e.formats).map(([e,t])=>`${e} ${t.width}×${t.height}`).join(`, `):`—`}</td>
        <td class="actions">
          ${t(`upload.upload`)&&q`<button type="button" class="secondary" aria-label=${`Edit ${e.name}`} onClick=${()=>d(e)}>Edit</button>`}
          ${t(`upload.destroy`)&&q`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>y(e)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>`}`}function At({api:e,can:t}){let[n,r]=W(null),[i,a]=W({name:``,url:``,ticked:[`entry.create`],typed:``}),[o,s]=W(null),[c,l]=W(null),[u,d]=W([]),[f,p]=W({byField:{},other:[]}),m=e=>p(X(e)),h=()=>e.webhooks().then(({data:e})=>r(e)).catch(m),g=t=>e.deliveries(t.id).then(({data:e})=>{l(t),d(e)}).catch(m);G(()=>{h()},[]);let _=async t=>{t.preventDefault();try{let{data:t}=await e.createWebhook({name:i.name,url:i.url,events:it(i.ticked,i.typed)});s(t),p({byField:{},other:[]}),h()}catch(e){m(e)}},v=async t=>{if(window.confirm(`Delete the webhook "${t.name}" and its delivery log?`))try{await e.deleteWebhook(t.id),c&&c.id===t.id&&l(null),h()}catch(e){m(e)}},y=(e,t)=>a({...i,ticked:t?[...i.ticked,e]:i.ticked.filter(t=>t!==e)}),b=e=>f.byField[e]&&q`<p class="field-error" id=${`hook-${e}-error`}>${f.byField[e]}</p>`;return q`<h1>Webhooks</h1>
    ${f.other.map(e=>q`<p class="error" role="alert">${e}</p>`)}
    ${o&&q`<div class="token-made" role="status">
      <p>Webhook "${o.name}" made. Its signing secret is shown this once.</p>
      <label for="hook-secret">Secret</label><input id="hook-secret" readonly value=${o.secret} />
    </div>`}
    ${t(`webhooks.create`)&&q`<form class="editor" onSubmit=${_}>
      <h2>Create new webhook</h2>
      <div class="field"><label for="hook-name">Name</label>
        <input id="hook-name" required value=${i.name} onInput=${e=>a({...i,name:e.target.value})} />${b(`name`)}</div>
      <div class="field"><label for="hook-url">URL</label>
        <input id="hook-url" type="url" required value=${i.url} onInput=${e=>a({...i,url:e.target.value})} />${b(`url`)}</div>
      <fieldset class="field"><legend>Events</legend>
        ${rt.map(e=>q`<label class="inline"><input type="checkbox" checked=${i.ticked.includes(e)}
          onChange=${t=>y(e,t.target.checked)} /> ${e}</label>`)}
        <label for="hook-other">Other events (a plugin's, comma-separated)</label>
        <input id="hook-other" value=${i.typed} onInput=${e=>a({...i,typed:e.target.value})} />${b(`events`)}
      </fieldset>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${n&&q`<div class="table-wrap"><table>
      <caption>${n.length} webhooks</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Enabled</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${n.map(e=>q`<tr key=${e.id}><td>${e.name}</td><td>${e.url}</td><td>${(e.events||[]).join(`, `)}</td>
        <td>${e.enabled?`Yes`:`No`}</td><td class="actions">
          ${t(`webhooks.deliveries`)&&q`<button type="button" class="secondary" aria-label=${`Deliveries of ${e.name}`} onClick=${()=>g(e)}>Deliveries</button>`}
          ${t(`webhooks.delete`)&&e.source!==`config`&&q`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>v(e)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>`}
    ${c&&q`<section aria-label=${`Deliveries of ${c.name}`}>
      <h2>Deliveries of ${c.name}</h2>
      <p><button type="button" class="secondary" onClick=${()=>g(c)}>Refresh</button></p>
      <div class="table-wrap"><table>
        <caption>${u.length} deliveries</caption>
        <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Answer</th>
          <th scope="col">Made</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>${u.map(n=>q`<tr key=${n.id}><td>${n.event}</td><td>${n.status}</td><td>${n.attempts}</td>
          <td>${n.lastStatus||n.lastError||``}</td><td>${st(n.createdAt)}</td><td>
          ${t(`webhooks.redeliver`)&&q`<button type="button" class="secondary" aria-label=${`Redeliver ${n.id}`}
            onClick=${()=>e.redeliver(c.id,n.id).then(()=>g(c)).catch(m)}>Redeliver</button>`}</td></tr>`)}</tbody>
      </table></div>
    </section>`}`}function jt({api:e,can:t}){let[n,r]=W(null),[i,a]=W(null),[o,s]=W({name:``,description:``,type:`read-only`,lifespan:``}),[c,l]=W({byField:{},other:[]}),u=()=>e.tokens().then(({data:e})=>r(e)).catch(e=>l({byField:{},other:[e.message]}));G(()=>{u()},[]);let d=async t=>{t.preventDefault();try{let t=o.lifespan===``?null:Number(o.lifespan),{data:n}=await e.createToken({name:o.name,description:o.description,type:o.type,lifespan:t});a(n),l({byField:{},other:[]}),s({...o,name:``,description:``}),u()}catch(e){l(X(e))}},f=async t=>{if(window.confirm(`Revoke the token "${t.name}"? Requests with it are refused from now on.`))try{await e.revokeToken(t.id),u()}catch(e){l(X(e))}};return q`<h1>API Tokens</h1>
    ${c.other.map(e=>q`<p class="error" role="alert">${e}</p>`)}
    ${i&&q`<div class="token-made" role="status">
      <p>Token "${i.name}" made. This is the only time it is shown: copy it now.</p>
      <label for="access-key">Token</label>
      <input id="access-key" readonly value=${i.accessKey} onFocus=${e=>e.target.select()} />
    </div>`}
    ${t(`apiTokens.create`)&&q`<form class="editor" onSubmit=${d}>
      <h2>Create new API token</h2>
      <div class="field"><label for="token-name">Name</label>
        <input id="token-name" required value=${o.name} aria-invalid=${c.byField.name?`true`:void 0}
          aria-describedby=${c.byField.name?`token-name-error`:void 0} onInput=${e=>s({...o,name:e.target.value})} />
        ${c.byField.name&&q`<p class="field-error" id="token-name-error">${c.byField.name}</p>`}</div>
      <div class="field"><label for="token-description">Description</label>
        <input id="token-description" value=${o.description} onInput=${e=>s({...o,description:e.target.value})} /></div>
      <div class="field"><label for="token-type">Token type</label>
        <select id="token-type" value=${o.type} onChange=${e=>s({...o,type:e.target.value})}>
          <option value="read-only">Read-only</option><option value="full-access">Full access</option></select></div>
      <div class="field"><label for="token-lifespan">Token duration</label>
        <select id="token-lifespan" value=${o.lifespan} onChange=${e=>s({...o,lifespan:e.target.value})}>
          ${ot.map(([e,t])=>q`<option value=${t===null?``:String(t)}>${e}</option>`)}</select></div>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${n&&q`<div class="table-wrap"><table>
      <caption>${n.length} tokens</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Created</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${n.map(e=>q`<tr key=${e.id}><td>${e.name}</td><td>${e.type}</td><td>${st(e.expiresAt)}</td>
        <td>${st(e.lastUsedAt)}</td><td>${st(e.createdAt)}</td>
        <td>${t(`apiTokens.delete`)&&q`<button type="button" class="danger" aria-label=${`Revoke ${e.name}`} onClick=${()=>f(e)}>Revoke</button>`}</td></tr>`)}</tbody>
    </table></div>`}`}function Mt({api:e,onSignOut:t}){let[n,r]=W(null),[i,a]=W([]),[o,s]=W([]),[c,l]=W([]),[u,d]=W([]),[f,p]=W([]),[m,h]=W(``),g=_t();G(()=>{Promise.all([e.contentTypes(),e.permissions(),e.components()]).then(([t,n,i])=>{s(i.data),n.data.actions.includes(`i18n.locales`)&&e.locales().then(l).catch(()=>{}),p(n.data.actions),a(t.data),r(Ne(t.data,n.data.actions)),d(We(t.data,n.data.actions))}).catch(e=>h(e.message))},[]);let _=e=>f.includes(e),[v,y=``]=g.split(`?`),[,b,x,S]=v.split(`/`),C=new URLSearchParams(y).get(`locale`)||``,w=n&&b===`content`&&n.find(e=>e.apiID===x),T=b===`single`&&u.find(e=>e.apiID===x);return q`<div class="layout">
    <nav aria-label="Content Manager">
      <h2>Content Manager</h2>
      ${n&&q`<ul>${n.map(e=>q`<li key=${e.uid}>
        <a href=${`#/content/${e.apiID}`} aria-current=${w===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${u.length>0&&q`<h3>Single types</h3><ul>${u.map(e=>q`<li key=${e.uid}>
        <a href=${`#/single/${e.apiID}`} aria-current=${T===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${_(`analytics.dashboard`)&&q`<ul><li>
        <a href="#/dashboard" aria-current=${g===`/dashboard`?`page`:void 0}>Dashboard</a></li></ul>`}
      ${_(`coaching.availability`)&&_(`coach.find`)&&q`<ul><li>
        <a href="#/coach-week" aria-current=${g===`/coach-week`?`page`:void 0}>Coach's week</a></li></ul>`}
      ${_(`upload.find`)&&q`<ul><li>
        <a href="#/media" aria-current=${g===`/media`?`page`:void 0}>Media Library</a></li></ul>`}
      ${_(`apiTokens.find`)&&q`<h2>Settings</h2><ul><li>
        <a href="#/settings/api-tokens" aria-current=${g===`/settings/api-tokens`?`page`:void 0}>API Tokens</a></li></ul>`}
      ${_(`webhooks.find`)&&q`<ul><li>
        <a href="#/settings/webhooks" aria-current=${g===`/settings/webhooks`?`page`:void 0}>Webhooks</a></li></ul>`}
      <p><button class="secondary" type="button" onClick=${t}>Sign out</button></p>
    </nav>
    <main>
      ${m&&q`<p class="error" role="alert">${m}</p>`}
      ${g===`/settings/api-tokens`&&_(`apiTokens.find`)?q`<${jt} api=${e} can=${_} />`:T?q`<${Ot} key=${T.uid} api=${e} type=${T} single can=${_} />`:g===`/dashboard`&&_(`analytics.dashboard`)?q`<${Tt} api=${e} can=${_} />`:g===`/media`&&_(`upload.find`)?q`<${kt} api=${e} can=${_} />`:g===`/coach-week`&&_(`coaching.availability`)?q`<${wt} api=${e} can=${_} />`:g===`/settings/webhooks`&&_(`webhooks.find`)?q`<${At} api=${e} can=${_} />`:w?S?q`<${Ot} key=${w.uid+S} api=${e} type=${w} documentId=${S===`new`?``:S} can=${_}
            relations=${Pe(w,i,f)} components=${o} locales=${c}
            initialLocale=${C} />`:q`<${bt} key=${w.uid} api=${e} type=${w} can=${_} locales=${c} />`:q`<h1>Welcome</h1><p>Choose a collection type.</p>`}
    </main>
  </div>`}var Nt=window.sessionStorage,$=`kiln-admin-token`;function Pt(){let[e,t]=W(Nt.getItem($)||``),[n,r]=W(``),i=(e=``)=>{Nt.removeItem($),t(``),r(e)},a=lt({token:()=>Nt.getItem($)||``,onExpired:()=>i(`Your session has ended. Sign in again.`)});return e?q`<${Mt} api=${a} onSignOut=${()=>i()} />`:q`<${Ft} api=${a} notice=${n} onSignedIn=${e=>{Nt.setItem($,e),r(``),t(e)}} />`}function Ft({api:e,notice:t,onSignedIn:n}){let[r,i]=W(``),[a,o]=W(``),[s,c]=W(t),[l,u]=W(!1);return q`<main class="signin">
    <h1>Kiln</h1>
    <form onSubmit=${async t=>{t.preventDefault(),u(!0),c(``);try{let{jwt:t}=await e.signIn(r,a),i=lt({token:()=>t}),[{data:o},s]=await Promise.all([i.permissions(),e.settings()]);if(!s.roles.includes(o.role)){c(`This account may not use the admin panel.`);return}n(t)}catch(e){c(e.message)}finally{u(!1)}}}>
      <label for="email">Email</label>
      <input id="email" type="email" autocomplete="username" required value=${r} onInput=${e=>i(e.target.value)} />
      <label for="password">Password</label>
      <input id="password" type="password" autocomplete="current-password" required value=${a} onInput=${e=>o(e.target.value)} />
      ${s&&q`<p class="error" role="alert">${s}</p>`}
      <button type="submit" disabled=${l}>Login</button>
    </form>
  </main>`}re(q`<${Pt} />`,document.getElementById(`app`));