/* Error and gamma functions (OpenCL 1.2 Table 7.1: erf, erfc, tgamma <= 16
 * ulp; lgamma and lgamma_r have no limit in 1.2 — compared with a relative
 * tolerance away from the poles, and the sign of lgamma_r exactly). */
//@ erf_f1 out=float in=float:any cmp=ulp:16
UNARY(erf_f1, float, float, erf(x))
//@ erfc_f1 out=float in=float:any cmp=ulp:16
UNARY(erfc_f1, float, float, erfc(x))
//@ tgamma_f1 out=float in=float:range:0.01:30 cmp=ulp:16
UNARY(tgamma_f1, float, float, tgamma(x))
//@ tgamma_f1n out=float in=float:any cmp=ulp:16
UNARY(tgamma_f1n, float, float, tgamma(x))
//@ lgamma_f1 out=float in=float:range:0.01:1000 cmp=rel:1e-5,abs:1e-6
UNARY(lgamma_f1, float, float, lgamma(x))
//@ lgamma_r_s_f1 out=int in=float:range:-20.25:20.25
UNARY(lgamma_r_s_f1, int, float, ({ int s; lgamma_r(x, &s); s; }))
//@ lgamma_r_v_f1 out=float in=float:range:0.01:1000 cmp=rel:1e-5,abs:1e-6
UNARY(lgamma_r_v_f1, float, float, ({ int s; lgamma_r(x, &s); }))
//@ erf_d1 out=double in=double:any cmp=ulp:16
UNARY(erf_d1, double, double, erf(x))
//@ tgamma_d1 out=double in=double:range:0.01:100 cmp=ulp:16
UNARY(tgamma_d1, double, double, tgamma(x))
