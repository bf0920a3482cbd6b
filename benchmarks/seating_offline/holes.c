// Offline search for the 21 holes of the affine start for ten tables (docs/seating.md, "Offline searches").
// Annealing over 21-point subsets of Z_11² (move: a hole and a point trade places) whose objective is the
// repeat meetings Σ C(m, 2) of the whole repaired start, built as _affine_start builds it (classes ranked
// by moves, ten largest lines kept, spare points where they meet fewest), ties to the first instead of
// random. ~37 µs an evaluation.
//   gcc -O2 -o /tmp/holes holes.c -lm
//   /tmp/holes ITERATIONS T_START T_END SEED [x0 y0 x1 y1 ... x20 y20]   (no holes given: random)
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#define Q 11
#define NP 121
#define NH 21
static int hole[NP];
static unsigned long long rs;
static inline unsigned long long xr(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double ur(void){return (xr()>>11)*(1.0/9007199254740992.0);}
static int lineof(int k,int p){int x=p/Q,y=p%Q; return k<Q?((y-k*x)%Q+Q*Q)%Q:x;}
static int idx[NP]; static int m[100][100];
static int groups[10][10][11]; static int gl[10][10];
static int movesof(int k){int sz[Q]={0};for(int p=0;p<NP;p++)if(!hole[p])sz[lineof(k,p)]++;
 // sort desc
 int s[Q];memcpy(s,sz,sizeof s);for(int i=0;i<Q;i++)for(int j=i+1;j<Q;j++)if(s[j]>s[i]){int t=s[i];s[i]=s[j];s[j]=t;}
 int mv=s[10];for(int i=0;i<10;i++)if(s[i]>10)mv+=s[i]-10;return mv;}
static int ROUNDS=10;
static long evaluate(int *outmoves){
 int n=0;for(int p=0;p<NP;p++)idx[p]=hole[p]?-1:n++;
 int mv[12],ord[12];for(int k=0;k<12;k++){mv[k]=movesof(k);ord[k]=k;}
 for(int i=0;i<12;i++)for(int j=i+1;j<12;j++)if(mv[ord[j]]<mv[ord[i]]||(mv[ord[j]]==mv[ord[i]]&&ord[j]<ord[i])){int t=ord[i];ord[i]=ord[j];ord[j]=t;}
 int tot=0;for(int i=0;i<ROUNDS;i++)tot+=mv[ord[i]]; if(outmoves)*outmoves=tot;
 memset(m,0,sizeof m);
 static int spare[10][100]; int ns[10];
 for(int r=0;r<ROUNDS;r++){int k=ord[r]; int ln[Q][Q];int lsz[Q]={0};
  for(int p=0;p<NP;p++)if(!hole[p]){int l=lineof(k,p);ln[l][lsz[l]++]=idx[p];}
  int o[Q];for(int i=0;i<Q;i++)o[i]=i; // stable sort by -len
  for(int i=1;i<Q;i++){int v=o[i],j=i-1;while(j>=0&&lsz[o[j]]<lsz[v]){o[j+1]=o[j];j--;}o[j+1]=v;}
  ns[r]=0; for(int i=10;i<Q;i++)for(int j=0;j<lsz[o[i]];j++)spare[r][ns[r]++]=ln[o[i]][j];
  for(int g=0;g<10;g++){int l=o[g];gl[r][g]=0;for(int j=0;j<lsz[l];j++)groups[r][g][gl[r][g]++]=ln[l][j];
   while(gl[r][g]>10){spare[r][ns[r]++]=groups[r][g][--gl[r][g]];}
   for(int a=0;a<gl[r][g];a++)for(int b=0;b<gl[r][g];b++)m[groups[r][g][a]][groups[r][g][b]]++;}
 }
 for(int r=0;r<ROUNDS;r++)for(int i=0;i<ns[r];i++){int p=spare[r][i];int bg=-1,bv=1<<30;
  for(int g=0;g<10;g++)if(gl[r][g]<10){int v=0;for(int j=0;j<gl[r][g];j++)v+=m[p][groups[r][g][j]];if(v<bv){bv=v;bg=g;}}
  for(int j=0;j<gl[r][bg];j++){int c=groups[r][bg][j];m[p][c]++;m[c][p]++;} groups[r][bg][gl[r][bg]++]=p;}
 long e=0;for(int a=0;a<100;a++)for(int b=a+1;b<100;b++)e+=m[a][b]*(m[a][b]-1)/2;return e;}
int main(int argc,char**argv){
 long iters=atol(argv[1]);double t0=atof(argv[2]),t1=atof(argv[3]);rs=atoll(argv[4])*2654435761ULL+99;
 if(argc>5){ // read holes
  for(int i=0;i<NH;i++){int x=atoi(argv[5+2*i]),y=atoi(argv[6+2*i]);hole[x*Q+y]=1;}}
 else{int c=0;while(c<NH){int p=xr()%NP;if(!hole[p]){hole[p]=1;c++;}}}
 int mvs;long e=evaluate(&mvs),be=e;int bh[NP];memcpy(bh,hole,sizeof bh);fprintf(stderr,"start %ld moves %d\n",e,mvs);
 for(long it=0;it<iters;it++){double temp=t0*pow(t1/t0,it/(double)iters);
  int a,b;do a=xr()%NP;while(!hole[a]);do b=xr()%NP;while(hole[b]);
  hole[a]=0;hole[b]=1;long ne=evaluate(NULL);long d=ne-e;
  if(d>0&&ur()>=exp(-d/temp)){hole[a]=1;hole[b]=0;continue;}
  e=ne;if(e<be){be=e;memcpy(bh,hole,sizeof bh);}
 }
 memcpy(hole,bh,sizeof bh);evaluate(&mvs);
 printf("best %ld moves %d holes:",be,mvs);for(int p=0;p<NP;p++)if(bh[p])printf(" (%d, %d),",p/Q,p%Q);printf("\n");
}
