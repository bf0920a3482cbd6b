// Offline annealer for 100 players at 10 tables over 10 rounds (docs/seating.md, "Offline searches").
// Minimises the repeat meetings Σ C(m, 2) (deviation = 409.09 + 2·that) by plain Metropolis over swaps
// of two players of one round, O(20) a proposal; prints the best state (one round a line, ten tables of
// ten 0-based players) on stdout and the energies on stderr.
//   gcc -O2 -o /tmp/anneal anneal.c -lm
//   /tmp/anneal ITERATIONS T_START T_END SEED [START_FILE]   (no START_FILE: random tables)
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <time.h>
#define N 100
#define T 10
#define R 10
#define S 10
static int tab[R][N];          // table of player in round
static int mem[R][T][S];       // members
static int pos[R][N];          // seat index in table
static int m[N][N];
static unsigned long long rs;
static inline unsigned long long xr(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double ur(void){return (xr()>>11)*(1.0/9007199254740992.0);}
static long energy(void){long e=0;for(int a=0;a<N;a++)for(int b=a+1;b<N;b++)e+=m[a][b]*(m[a][b]-1)/2;return e;}
static void build(void){memset(m,0,sizeof m);for(int r=0;r<R;r++)for(int t=0;t<T;t++)for(int i=0;i<S;i++)for(int j=0;j<S;j++)if(i!=j)m[mem[r][t][i]][mem[r][t][j]]++;
 for(int r=0;r<R;r++)for(int t=0;t<T;t++)for(int i=0;i<S;i++){tab[r][mem[r][t][i]]=t;pos[r][mem[r][t][i]]=i;}}
static int best[R][T][S];
int main(int argc,char**argv){
  long iters=atol(argv[1]); double t0=atof(argv[2]), t1=atof(argv[3]); rs=atoll(argv[4])*2654435761ULL+12345;
  const char*start=argc>5?argv[5]:NULL;
  if(start){FILE*f=fopen(start,"r");for(int r=0;r<R;r++)for(int t=0;t<T;t++)for(int i=0;i<S;i++)if(fscanf(f,"%d",&mem[r][t][i])!=1)return 1;fclose(f);}
  else{for(int r=0;r<R;r++){int p[N];for(int i=0;i<N;i++)p[i]=i;for(int i=N-1;i>0;i--){int j=xr()%(i+1);int x=p[i];p[i]=p[j];p[j]=x;}for(int i=0;i<N;i++)mem[r][i/S][i%S]=p[i];}}
  build(); long e=energy(), be=e; memcpy(best,mem,sizeof best);
  fprintf(stderr,"start %ld\n",e);
  double lt0=log(t0), lt1=log(t1);
  for(long it=0;it<iters;it++){
    double temp=exp(lt0+(lt1-lt0)*it/(double)iters);
    int r=xr()%R; int a=xr()%N, b=xr()%N; int A=tab[r][a],B=tab[r][b]; if(A==B)continue;
    int *ma=m[a],*mb=m[b]; int d=0;
    int *ta=mem[r][A],*tb=mem[r][B];
    for(int i=0;i<S;i++){int c=ta[i]; if(c!=a){d-=ma[c]-1; d+=mb[c];}}
    for(int i=0;i<S;i++){int c=tb[i]; if(c!=b){d-=mb[c]-1; d+=ma[c];}}
    if(d>0 && ur()>=exp(-d/temp))continue;
    for(int i=0;i<S;i++){int c=ta[i]; if(c!=a){ma[c]--;m[c][a]--;mb[c]++;m[c][b]++;}}
    for(int i=0;i<S;i++){int c=tb[i]; if(c!=b){mb[c]--;m[c][b]--;ma[c]++;m[c][a]++;}}
    int pa=pos[r][a],pb=pos[r][b]; ta[pa]=b; tb[pb]=a; pos[r][a]=pb; pos[r][b]=pa; tab[r][a]=B; tab[r][b]=A;
    e+=d; if(e<be){be=e;memcpy(best,mem,sizeof best);}
    if((it&((1<<24)-1))==0)fprintf(stderr,"it %ld temp %.3f e %ld best %ld\n",it,temp,e,be);
  }
  fprintf(stderr,"final %ld best %ld\n",e,be);
  for(int r=0;r<R;r++){for(int t=0;t<T;t++)for(int i=0;i<S;i++)printf("%d ",best[r][t][i]);printf("\n");}
}
